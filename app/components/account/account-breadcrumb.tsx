import { Link } from "react-router";

/** 'My account / {here}' above every page of the account area. */
export function AccountBreadcrumb({ here }: { here: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-xs tracking-[0.18em] text-stone uppercase">
      <Link to="/authentication" className="hover:text-ink">
        My account
      </Link>
      <span aria-hidden="true" className="mx-2">
        /
      </span>
      <span>{here}</span>
    </nav>
  );
}
