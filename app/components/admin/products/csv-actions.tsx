import { Link } from "react-router";
import { exportHref, IMPORT_PATH, type ExportFilters } from "~/modules/catalog";

/*
 * The products list's CSV buttons: Export downloads the list as it is filtered (the same search,
 * category and status), Import opens the upload screen. A plain link for the export: the browser
 * downloads the file itself, React Router does not fetch it.
 */
export function ProductsCsvActions({
  filters,
  className = "",
}: {
  filters: Partial<ExportFilters>;
  className?: string;
}) {
  const filtered = Boolean(filters.search || filters.category || filters.status);
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      {/* the name a screen reader or voice control uses starts with the words on the button */}
      <a href={exportHref(filters)} download className="btn-outline !px-4 !py-2.5 !text-[0.68rem]">
        <DownloadIcon />
        Export CSV
        <span className="sr-only">
          {filtered ? " of these products (with the current filters)" : " of all products"}
        </span>
      </a>
      <Link to={IMPORT_PATH} className="btn-outline !px-4 !py-2.5 !text-[0.68rem]">
        <UploadIcon />
        Import CSV
      </Link>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-3.5 w-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function UploadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-3.5 w-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d="M10 14V4m0 0L6 8m4-4 4 4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
