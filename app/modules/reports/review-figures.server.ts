import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.server";
import { products } from "../catalog/schema.server";
import { reviews } from "../reviews/schema.server";

/*
 * The dashboard's reviews (decision 043): the reviews waiting for staff (new ones to approve and
 * reported ones), the average of every published review's stars, and the products by their average,
 * the lowest first and the best. Every product keeps its published reviews' count, average and star
 * histogram (updated in the same transaction as the review), so the figures are read from the
 * products that have reviews, not counted again from the reviews: two short statements side by side.
 * A product counts only with the summary the reviews module keeps (a count typed in by hand or
 * imported without its reviews has none).
 */

/** How many products each list shows. */
export const RATED_PRODUCTS_LIMIT = 5;

export interface RatedProduct {
  productId: string;
  name: string;
  /** the published reviews' average, one decimal */
  rating: number;
  reviews: number;
}

export interface ReviewFigures {
  /** waiting for approval, or reported by a shopper */
  waiting: number;
  /** published reviews, and the products that have at least one */
  published: number;
  products: number;
  /** every published review's stars averaged (two decimals), or null when there is none */
  average: number | null;
  /** lowest average first (the most reviewed first among equals) */
  lowest: RatedProduct[];
  /** highest average first (the most reviewed first among equals) */
  best: RatedProduct[];
}

type TotalsRow = {
  waiting: number | string;
  products: number | string;
  reviews: number | string;
  stars: number | string;
};
type ListRow = { list: "lowest" | "best"; id: string; name: string; rating: number | string; reviews_count: number };

// the stars of a product's published reviews, from its histogram (one to five stars)
const starsOf = sql.raw(
  [1, 2, 3, 4, 5].map((n) => `${n} * coalesce((p.review_summary->'stars'->>${n - 1})::int, 0)`).join(" + "),
);

// products_rated_idx holds exactly the products with reviews_count > 0: only those rows are read
const rated = sql`p.reviews_count > 0 AND p.review_summary IS NOT NULL`;

function ratedList(order: "asc" | "desc", name: "lowest" | "best") {
  return sql`(SELECT ${name}::text AS list, p.id, p.name, p.rating, p.reviews_count
     FROM ${products} p WHERE ${rated}
     ORDER BY p.rating ${sql.raw(order)}, p.reviews_count DESC, p.id
     LIMIT ${RATED_PRODUCTS_LIMIT})`;
}

export async function reviewFigures(db: Db): Promise<ReviewFigures> {
  const [[totals], lists] = await Promise.all([
    queryRows<TotalsRow>(
      db,
      sql`SELECT
            (SELECT count(*) FROM ${reviews} r WHERE r.status = 'pending' OR r.reported_at IS NOT NULL) AS waiting,
            count(*) AS products,
            coalesce(sum(p.reviews_count), 0) AS reviews,
            coalesce(sum(${starsOf}), 0) AS stars
          FROM ${products} p WHERE ${rated}`,
    ),
    queryRows<ListRow>(db, sql`${ratedList("asc", "lowest")} UNION ALL ${ratedList("desc", "best")}`),
  ]);
  const published = Number(totals?.reviews ?? 0);
  const stars = Number(totals?.stars ?? 0);
  const of = (list: ListRow["list"]) =>
    lists
      .filter((r) => r.list === list)
      .map((r) => ({ productId: r.id, name: r.name, rating: Number(r.rating), reviews: Number(r.reviews_count) }));
  return {
    waiting: Number(totals?.waiting ?? 0),
    published,
    products: Number(totals?.products ?? 0),
    average: published > 0 ? Math.round((stars / published) * 100) / 100 : null,
    lowest: of("lowest"),
    best: of("best"),
  };
}
