/*
 * The sale model's view of the scratch database, read beside the running server (PostgreSQL only): the
 * catalogue it shops in, each variant's stock when a measured window begins, and afterwards the units
 * the window's orders took. Like the bench's bulk data (scratch-data.ts) this is database-level work: it
 * names the tables in SQL and imports no module's schema; a migration that renames one of these
 * columns must change it too (the bench stops at once if it was missed).
 */
import pg from "pg";

export interface VariantRow {
  id: string;
  productId: string;
  size: string;
  colour: string;
  stock: number;
}

export interface Snapshot {
  /** the database's clock when the stock was read: orders created from then on belong to the window */
  at: Date;
  variants: VariantRow[];
}

export class Ledger {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<Ledger> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new Ledger(client);
  }

  /** The active products' ids and their categories. */
  async products(): Promise<{ ids: string[]; categories: string[] }> {
    const { rows } = await this.client.query<{ id: string; category: string }>(
      "SELECT id, category FROM products WHERE is_active ORDER BY slug",
    );
    return { ids: rows.map((r) => r.id), categories: [...new Set(rows.map((r) => r.category))] };
  }

  /** Every active product's variants and their stock, with the time they were read, in one snapshot. */
  async snapshot(): Promise<Snapshot> {
    await this.client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      const { rows: clock } = await this.client.query<{ at: Date }>("SELECT now() AS at");
      const { rows } = await this.client.query<VariantRow>(
        `SELECT v.id, v.product_id AS "productId", v.size, v.colour, v.stock
         FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.is_active`,
      );
      return { at: clock[0]!.at, variants: rows };
    } finally {
      await this.client.query("COMMIT");
    }
  }

  /** Units per variant on the orders created since `at`, and how many orders that was. */
  async soldSince(at: Date): Promise<{ sold: Map<string, number>; orders: number }> {
    const { rows } = await this.client.query<{ variant_id: string; units: string }>(
      `SELECT ol.variant_id, sum(ol.quantity) AS units
       FROM order_lines ol JOIN orders o ON o.id = ol.order_id
       WHERE o.created_at >= $1 AND ol.variant_id IS NOT NULL GROUP BY ol.variant_id`,
      [at],
    );
    const { rows: counted } = await this.client.query<{ n: string }>(
      "SELECT count(*) AS n FROM orders WHERE created_at >= $1",
      [at],
    );
    return { sold: new Map(rows.map((r) => [r.variant_id, Number(r.units)])), orders: Number(counted[0]!.n) };
  }

  async stockOf(variantIds: string[]): Promise<Map<string, number>> {
    if (variantIds.length === 0) return new Map();
    const { rows } = await this.client.query<{ id: string; stock: number }>(
      "SELECT id, stock FROM product_variants WHERE id = ANY($1::uuid[])",
      [variantIds],
    );
    return new Map(rows.map((r) => [r.id, r.stock]));
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
