import { Link } from "react-router";

/* What a back-office list says about itself: how many it holds, or that it holds none. */

/** How many there are ('12 coupons matching ‘dil’'), with a link that clears the filters when there is one. */
export function ListCount({
  total,
  noun,
  search,
  clear,
}: {
  total: number;
  noun: string;
  search: string;
  clear?: { to: string; label: string };
}) {
  return (
    <p className="text-sm text-stone" aria-live="polite">
      {total.toLocaleString("en-IN")} {total === 1 ? noun : `${noun}s`}
      {search ? ` matching ‘${search}’` : ""}
      {clear ? (
        <>
          {" · "}
          <Link to={clear.to} className="text-ink underline underline-offset-4 hover:text-maroon">
            {clear.label}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** What an empty list shows: what was not found, and what to try. */
export function EmptyList({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="border border-dashed border-linen bg-ivory px-6 py-16 text-center">
      <p className="font-display text-2xl text-ink">{title}</p>
      <p className="mt-2 text-sm text-stone">{hint}</p>
    </div>
  );
}
