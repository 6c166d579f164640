import { Link } from "react-router";
import type { RatedProduct, ReviewFigures } from "~/modules/reports/index.server";
import { Panel, panelLinkClass } from "./panel";

/*
 * Reviews (decision 043): how many wait for staff (new ones to approve, reported ones), the average of
 * every published review, and the products by their average: the lowest rated first, the ones that
 * may need a look at their fit, pictures or quality, and the best rated.
 */

const count = new Intl.NumberFormat("en-IN");
const subheading = "text-xs font-medium tracking-[0.18em] text-stone uppercase";

function RatedList({ id, title, products }: { id: string; title: string; products: RatedProduct[] }) {
  return (
    <section aria-labelledby={id} className="min-w-0 px-5 pt-4 pb-4 sm:px-6">
      <h3 id={id} className={subheading}>
        {title}
      </h3>
      <ol className="mt-2 divide-y divide-linen" data-testid={id}>
        {products.map((p) => (
          <li key={p.productId} className="flex items-baseline justify-between gap-4 py-2.5 text-sm">
            <Link
              to={`/product/${p.productId}`}
              className="min-w-0 truncate text-ink underline-offset-4 hover:text-maroon hover:underline"
            >
              {p.name}
            </Link>
            <span className="shrink-0 text-right text-stone tabular-nums">
              <span className="font-medium text-ink">
                <span aria-hidden="true" className="mr-1 text-gold">
                  ★
                </span>
                {p.rating.toFixed(1)}
              </span>
              <span className="sr-only"> out of 5</span> · {count.format(p.reviews)}{" "}
              {p.reviews === 1 ? "review" : "reviews"}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ReviewsPanel({ reviews }: { reviews: ReviewFigures }) {
  // with few rated products the two lists would show the same ones: one list, best first
  const both = reviews.products > reviews.best.length;
  return (
    <Panel
      id="dashboard-reviews"
      title="Reviews"
      note="Published reviews of verified buyers"
      action={
        <Link to="/admin/reviews" className={panelLinkClass}>
          Moderate reviews
        </Link>
      }
    >
      <dl className="grid grid-cols-2 gap-4 px-5 pt-4 pb-5 sm:px-6" data-testid="reviews-summary">
        <div data-figure="waiting">
          <dt className="text-xs text-stone">To look at</dt>
          <dd className="mt-1 font-display text-3xl text-ink lining-nums tabular-nums">
            {reviews.waiting > 0 ? (
              <Link to="/admin/reviews" className="underline-offset-4 hover:text-maroon hover:underline">
                {count.format(reviews.waiting)}
              </Link>
            ) : (
              "0"
            )}
          </dd>
          <dd className="text-xs text-stone">waiting for approval or reported</dd>
        </div>
        <div data-figure="average">
          <dt className="text-xs text-stone">Average rating</dt>
          <dd className="mt-1 font-display text-3xl text-ink lining-nums tabular-nums">
            {reviews.average === null ? "–" : reviews.average.toFixed(1)}
            {reviews.average === null ? null : <span className="text-base text-stone"> / 5</span>}
          </dd>
          <dd className="text-xs text-stone">
            {count.format(reviews.published)} {reviews.published === 1 ? "review" : "reviews"} of{" "}
            {count.format(reviews.products)} {reviews.products === 1 ? "product" : "products"}
          </dd>
        </div>
      </dl>
      {reviews.products === 0 ? (
        <p className="border-t border-linen px-6 py-8 text-center text-sm text-stone">No published reviews yet.</p>
      ) : (
        <div className={`grid border-t border-linen ${both ? "md:grid-cols-2 md:divide-x md:divide-linen" : ""}`}>
          {both ? <RatedList id="reviews-lowest" title="Lowest rated" products={reviews.lowest} /> : null}
          <div className={both ? "border-t border-linen md:border-t-0" : ""}>
            <RatedList id="reviews-best" title={both ? "Best rated" : "By average"} products={reviews.best} />
          </div>
        </div>
      )}
    </Panel>
  );
}
