/*
 * One sale-day shopper's visit, step by step, with think times between the steps:
 *
 *   the home page (and the page's own GET /api/me of a first visit), a category list with 0-2 filters,
 *   2-5 product pages drawn from the Zipf distribution, a search typed letter by letter into the
 *   suggestion overlay (a request per letter from the second, ~150 ms apart, sent without waiting for
 *   the previous answer, as the overlay does) and a piece opened from it; then, for a piece in stock
 *   among those seen, the phone sign-in, back on its page (with /api/me) and add to bag; about one
 *   shopper in ten goes on to the checkout, 60 % of them cash on delivery and 40 % online with the test
 *   gateway.
 *
 * A visit lasts about 20-30 s (pauses of 1-3 s between steps), so many overlap. The catalogue's pages are whole page
 * loads (documents): a browser that has loaded the shop would fetch the later ones as `.data`, which
 * the page cache keeps the same way; documents are the larger answers, so the model errs on the
 * heavy side.
 */
import { addToBag, checkout, payOnline, phoneSignIn, type Shopper } from "./flows";
import { typedQueries, type SaleCatalogue } from "./catalogue";
import { between, pick, type Random } from "./random";
import { Stop, Walk, type WalkContext } from "./walk";

export interface Line {
  productId: string;
  size: string;
  colour: string;
}

/** The sizes and colours of a piece that are in stock (as its page shows them). */
export interface VariantSource {
  inStock(productId: string): Promise<Array<{ size: string; colour: string }>>;
}

export interface Accounts {
  /** Signs the shopper in (its own phone, or a session lent from a pool); null when it could not. */
  signIn(walk: Walk, n: number): Promise<Shopper | null>;
  /** The visit is over: a lent session goes back to its pool. */
  leave(shopper: Shopper): void;
}

export interface Mix {
  productViews: [number, number];
  thinkMs: [number, number];
  letterMs: number;
  checkoutShare: number;
  codShare: number;
}

export const SALE_MIX: Mix = {
  productViews: [2, 5],
  thinkMs: [1000, 3000],
  letterMs: 150,
  checkoutShare: 0.1,
  codShare: 0.6,
};

/** Shoppers whose visit began inside the window, and what the window's requests did (counted by when each was due). */
export interface Tally {
  shoppers: number;
  signedIn: number;
  added: number;
  nothingInStock: number;
  ordersCod: number;
  ordersOnline: number;
  paid: number;
  checkoutRefused: number;
}

export const emptyTally = (): Tally => ({
  shoppers: 0,
  signedIn: 0,
  added: 0,
  nothingInStock: 0,
  ordersCod: 0,
  ordersOnline: 0,
  paid: 0,
  checkoutRefused: 0,
});

export interface SessionContext extends WalkContext {
  catalogue: SaleCatalogue;
  variants: VariantSource;
  accounts: Accounts;
  mix: Mix;
  tally: Tally;
  /** the shopper's network address (X-Forwarded-For), or null to send none */
  addressOf(n: number): string | null;
}

/** Debounce of the suggestion overlay: a letter's request goes this long after it is typed. */
const OVERLAY_DEBOUNCE_MS = 100;

const whole = (random: Random, [min, max]: [number, number]) => Math.floor(between(random, min, max + 1));

async function typeSearch(walk: Walk, ctx: SessionContext): Promise<void> {
  const letters = 3 + Math.floor(ctx.random() * 4);
  const queries = typedQueries(ctx.catalogue.searchTerm(), letters);
  const typingFrom = walk.due;
  // letter n is typed at (n - 1) x letterMs; its request goes after the overlay's debounce
  const at = (n: number) => typingFrom + (n - 1) * ctx.mix.letterMs + OVERLAY_DEBOUNCE_MS;
  await Promise.all(queries.map((q, i) => walk.get("suggest", q, { catalogue: true, at: at(i + 2) })));
  walk.due = at(letters);
}

/** A piece to buy among those seen (the last seen first), in a size and colour in stock; null when none is. */
async function choosePiece(ctx: SessionContext, seen: string[]): Promise<Line | null> {
  for (const productId of [...seen].reverse()) {
    const variants = await ctx.variants.inStock(productId);
    if (variants.length > 0) return { productId, ...pick(ctx.random, variants) };
  }
  return null;
}

async function browse(walk: Walk, ctx: SessionContext): Promise<string[]> {
  await walk.get("home", "/", { catalogue: true });
  await walk.get("me", "/api/me", { now: true });
  walk.pause();
  await walk.get("list", ctx.catalogue.listAddress(), { catalogue: true });
  const seen: string[] = [];
  for (let i = whole(ctx.random, ctx.mix.productViews); i > 0; i--) {
    walk.pause();
    const id = ctx.catalogue.product();
    seen.push(id);
    await walk.get("product", `/product/${id}`, { catalogue: true });
  }
  walk.pause();
  await typeSearch(walk, ctx);
  // a suggestion opened
  const found = ctx.catalogue.product();
  seen.push(found);
  await walk.get("product", `/product/${found}`, { catalogue: true });
  return seen;
}

async function buy(walk: Walk, ctx: SessionContext, shopper: Shopper, line: Line): Promise<void> {
  const { tally, mix } = ctx;
  // after a step the walk's due time is still that of the step's request: inWindow says whether it counted
  const count = (key: keyof Tally) => {
    if (walk.inWindow) tally[key] += 1;
  };
  // the sign-in returns to the piece's page
  await walk.get("product", `/product/${line.productId}`, { catalogue: true, now: true });
  await walk.get("me", "/api/me", { now: true });
  walk.pause();
  if (!(await addToBag(walk, line))) return;
  count("added");
  if (ctx.random() >= mix.checkoutShare) return;
  walk.pause();
  const method = ctx.random() < mix.codShare ? "cod" : "online";
  const end = await checkout(walk, shopper, method);
  if (end.kind === "refused") count("checkoutRefused");
  if (end.kind !== "placed") return;
  count(method === "cod" ? "ordersCod" : "ordersOnline");
  if (method === "online" && (await payOnline(walk, end.orderNumber))) count("paid");
}

async function visit(walk: Walk, ctx: SessionContext, n: number): Promise<void> {
  if (walk.inWindow) ctx.tally.shoppers += 1;
  const seen = await browse(walk, ctx);
  const line = await choosePiece(ctx, seen);
  if (!line) {
    if (walk.inWindow) ctx.tally.nothingInStock += 1;
    return;
  }
  walk.pause();
  const shopper = await ctx.accounts.signIn(walk, n);
  if (!shopper) return;
  if (walk.inWindow) ctx.tally.signedIn += 1;
  try {
    await buy(walk, ctx, shopper, line);
  } finally {
    ctx.accounts.leave(shopper);
  }
}

/** Runs shopper `n`'s visit from `start` (performance.now(), ms) until its end or the window's stop time. */
export async function shopperVisit(ctx: SessionContext, n: number, start: number): Promise<void> {
  const walk = new Walk(ctx, start, ctx.addressOf(n));
  try {
    await visit(walk, ctx, n);
  } catch (error) {
    if (error instanceof Stop) return;
    // a fault of the generator ends this visit, not the bench; the report says so
    if (ctx.problems && ctx.problems.length < 10)
      ctx.problems.push(`generator: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Shopper n's network address in 100.64.0.0/10 (carrier-grade NAT, as many Indian phones have): one per shopper. */
export function shopperAddress(n: number): string {
  return `100.${64 + ((n >>> 16) & 63)}.${(n >>> 8) & 255}.${n & 255}`;
}

/** Sign-in with shopper n's own phone (9-6 and eight digits) and a new account, as a first-time buyer on a sale day. */
export function phoneAccounts(prefix: "96" | "95"): Accounts {
  return {
    async signIn(walk, n) {
      const phone = `${prefix}${String(n % 100_000_000).padStart(8, "0")}`;
      const shopper = { phone, firstName: "Sale", lastName: `Shopper ${n}`, email: `sale-${phone}@example.com` };
      return (await phoneSignIn(walk, shopper)) ? shopper : null;
    },
    leave() {},
  };
}
