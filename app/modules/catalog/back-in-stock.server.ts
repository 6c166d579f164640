import { and, eq, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import { getConfig } from "../../config.server";
import type { Db, Tx } from "../../db/client.server";
import { normalisePhone } from "../accounts";
import { queueMessages } from "../messages/index.server";
import { backInStockRequests, productVariants, products } from "./schema.server";
import {
  BACK_IN_STOCK_EXPIRY_DAYS,
  MAX_OPEN_REQUESTS_PER_PHONE,
  notifyMessage,
  NOTIFY_MESSAGES,
  type BackInStockOutcome,
} from "./back-in-stock";
import { DEFAULT_COLOUR, DEFAULT_SIZE } from "./variants";
import { getVariant } from "./variants.server";

/*
 * 'Notify me when it is back' (decision 015): a phone waits for one sold-out variant. When the
 * variant's stock goes from 0 to more through `releaseStock` (stock.server.ts), every open request
 * gets one text message, queued in the outbox in that same transaction, and is closed as `sent`.
 * Requests older than 90 days are neither counted nor answered; a sweep marks them `expired`.
 */

export { BACK_IN_STOCK_EXPIRY_DAYS, MAX_OPEN_REQUESTS_PER_PHONE };

const DAY_MS = 86_400_000;

function expiryCutoff(now: Date): Date {
  return new Date(now.getTime() - BACK_IN_STOCK_EXPIRY_DAYS * DAY_MS);
}

/** Closes the phone's (or variant's) open requests that are too old, so they no longer count or block a new one. */
async function expireStale(tx: Tx | Db, where: SQL, now: Date): Promise<void> {
  await tx
    .update(backInStockRequests)
    .set({ status: "expired", closedAt: now })
    .where(and(where, eq(backInStockRequests.status, "open"), lte(backInStockRequests.createdAt, expiryCutoff(now))));
}

/**
 * Records a request. `phone` must already be normalised (+91XXXXXXXXXX, `normalisePhone`). Only a
 * sold-out variant can be waited for; one open request per phone and variant; at most 20 open per
 * phone. The outcome says which case it was; the route decides how much of it the asker may learn.
 */
export async function requestBackInStock(
  db: Db,
  input: { variantId: string; phone: string; userId?: string | null },
  now = new Date(),
): Promise<BackInStockOutcome> {
  return db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ stock: productVariants.stock, isActive: products.isActive })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, input.variantId));
    if (!variant || !variant.isActive) return "unknown";
    if (variant.stock > 0) return "in-stock";
    // Requests for one phone take turns, so two at once cannot both be the 20th.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`back-in-stock:${input.phone}`}))`);
    await expireStale(tx, eq(backInStockRequests.phone, input.phone), now);
    const open = await tx
      .select({ variantId: backInStockRequests.variantId })
      .from(backInStockRequests)
      .where(and(eq(backInStockRequests.phone, input.phone), eq(backInStockRequests.status, "open")));
    if (open.some((r) => r.variantId === input.variantId)) return "already";
    if (open.length >= MAX_OPEN_REQUESTS_PER_PHONE) return "limit";
    await tx
      .insert(backInStockRequests)
      .values({ variantId: input.variantId, phone: input.phone, userId: input.userId ?? null, createdAt: now });
    return "created";
  });
}

/** '{product} in {size} is back at Saanjh: {link}'; the link opens the product on that size and colour. */
export function backInStockMessage(
  product: { id: string; name: string },
  variant: { size: string; colour: string },
  baseUrl: string,
): string {
  const query = new URLSearchParams({ size: variant.size, colour: variant.colour });
  return `${product.name} in ${variant.size} is back at Saanjh: ${baseUrl}/product/${product.id}?${query.toString()}`;
}

/**
 * Inside a restock's transaction: closes the open (not expired) requests of these variants as
 * `sent` and queues one text message for each. Closing and queueing are one transaction with the
 * stock change, so a rollback sends nothing and a second restock finds nothing left to answer.
 */
export async function queueBackInStockMessages(
  tx: Tx,
  variantIds: readonly string[],
  now = new Date(),
): Promise<number> {
  if (variantIds.length === 0) return 0;
  await expireStale(tx, inArray(backInStockRequests.variantId, [...variantIds]), now);
  const answered = await tx
    .update(backInStockRequests)
    .set({ status: "sent", closedAt: now })
    .where(
      and(
        inArray(backInStockRequests.variantId, [...variantIds]),
        eq(backInStockRequests.status, "open"),
        gt(backInStockRequests.createdAt, expiryCutoff(now)),
      ),
    )
    .returning({
      id: backInStockRequests.id,
      phone: backInStockRequests.phone,
      variantId: backInStockRequests.variantId,
    });
  if (answered.length === 0) return 0;
  const variants = await tx
    .select({
      id: productVariants.id,
      size: productVariants.size,
      colour: productVariants.colour,
      productId: products.id,
      name: products.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...new Set(answered.map((r) => r.variantId))]));
  const byId = new Map(variants.map((v) => [v.id, v]));
  const { baseUrl } = getConfig();
  return queueMessages(
    tx,
    answered.map((request) => {
      const v = byId.get(request.variantId)!;
      return {
        recipient: request.phone,
        body: backInStockMessage({ id: v.productId, name: v.name }, v, baseUrl),
        kind: "back-in-stock",
        dedupeKey: `back-in-stock:${request.id}`,
      };
    }),
  );
}

/** Marks requests older than 90 days `expired` (the server runs this every hour). Returns how many. */
export async function expireBackInStockRequests(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .update(backInStockRequests)
    .set({ status: "expired", closedAt: now })
    .where(and(eq(backInStockRequests.status, "open"), lte(backInStockRequests.createdAt, expiryCutoff(now))))
    .returning({ id: backInStockRequests.id });
  return rows.length;
}

/** How many open requests a phone has (the account and tests). */
export async function openRequestCount(db: Db, phone: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(backInStockRequests)
    .where(
      and(
        eq(backInStockRequests.phone, phone),
        eq(backInStockRequests.status, "open"),
        gt(backInStockRequests.createdAt, expiryCutoff(now)),
      ),
    );
  return row?.n ?? 0;
}

export interface NotifyAnswer {
  status: number;
  ok: boolean;
  text: string;
  /** the number as typed, handed back so a problem loses nothing */
  phone?: string;
}

/** How a variant is named to the shopper: its size, else its colour, else 'this piece'. */
function variantLabel(v: { size: string; colour: string }): string {
  if (v.size !== DEFAULT_SIZE) return v.size;
  return v.colour !== DEFAULT_COLOUR ? v.colour : "this piece";
}

/**
 * The product page's 'Notify me when it is back' form. A signed-in shopper who types nothing (or
 * their own number) asks for their own phone and is told exactly what happened; a typed number
 * may belong to someone else, so every outcome for it reads the same (`notifyMessage`).
 */
export async function askBackInStock(
  db: Db,
  input: {
    productId: string;
    variantId: string;
    typedPhone: string | undefined;
    user: { id: string; phoneNumber?: string | null } | null;
  },
  now = new Date(),
): Promise<NotifyAnswer> {
  const typed = input.typedPhone?.trim() ?? "";
  const variant = await getVariant(db, input.variantId);
  if (!variant || variant.productId !== input.productId)
    return { status: 404, ok: false, text: NOTIFY_MESSAGES.unknown };
  const ownPhone = input.user?.phoneNumber ? normalisePhone(input.user.phoneNumber) : null;
  const typedPhone = typed ? normalisePhone(typed) : null;
  let phone: string;
  let own = false;
  if (ownPhone?.ok && (!typedPhone || (typedPhone.ok && typedPhone.phone === ownPhone.phone))) {
    phone = ownPhone.phone;
    own = true;
  } else {
    const checked = typedPhone ?? normalisePhone("");
    if (!checked.ok) return { status: 400, ok: false, text: checked.message, phone: typed };
    phone = checked.phone;
  }
  const outcome = await requestBackInStock(
    db,
    { variantId: variant.id, phone, userId: own ? (input.user?.id ?? null) : null },
    now,
  );
  const answer = notifyMessage(outcome, variantLabel(variant), phone, own);
  // from the answer, not the outcome: a typed number's duplicate or limit must not show in the status either
  const status = answer.ok ? 200 : outcome === "unknown" ? 404 : 409;
  return { status, ...answer, ...(answer.ok ? {} : { phone: typed }) };
}
