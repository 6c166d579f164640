import type { ListNotice } from "~/modules/catalog";

/*
 * An address the shop does not have still shows the collection (a shopper who followed an old link
 * keeps browsing), with a word above it saying so; the answer's status is 404, so search engines
 * never take it for a page of its own.
 */

function headline(notice: ListNotice): string {
  return notice.kind === "page" ? "We could not find that page" : `We could not find the category ‘${notice.asked}’`;
}

export function notFoundMeta(notice: ListNotice) {
  return [
    { title: `${notice.kind === "page" ? "Page" : "Category"} not found · Saanjh` },
    { name: "robots", content: "noindex, follow" },
  ];
}

export function NotFoundNotice({ notice }: { notice: ListNotice }) {
  return (
    <div
      role="note"
      data-testid="not-found-notice"
      className="mx-auto mb-10 max-w-2xl border border-linen bg-sand/70 px-5 py-5 text-center"
    >
      <p className="font-display text-2xl leading-snug text-ink sm:text-3xl">{headline(notice)}</p>
      <p className="mt-2 text-sm text-stone">
        {notice.kind === "page"
          ? "The address may be mistyped, or the page has moved. Here is our whole collection instead."
          : "Here is our whole collection instead; our categories are just below."}
      </p>
    </div>
  );
}
