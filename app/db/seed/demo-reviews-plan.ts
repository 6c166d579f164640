/**
 * Who bought what in the demo shop's past, and what they wrote (pure: no database). Each review
 * belongs to a delivered order line of its author's, placed after the product was added and reviewed
 * some days after delivery. Deterministic from the seed, apart from `now`.
 */
import { makeRng, type Rng } from "./art/garment";
import { type DemoFit, isSized, shopReply, writeReview } from "./review-texts";
import type { SeedProduct } from "./types";

const DAY = 86_400_000;
/** the oldest order of the demo's past, in days */
const HISTORY_DAYS = 240;
/** the newest: its review is written a few days after delivery */
const NEWEST_ORDER_DAYS = 8;
const SHOPPERS = 110;

const FIRST_NAMES = [
  "Ananya",
  "Priya",
  "Kavya",
  "Sneha",
  "Ritu",
  "Pooja",
  "Neha",
  "Aditi",
  "Shreya",
  "Divya",
  "Nandini",
  "Ishita",
  "Lakshmi",
  "Meenakshi",
  "Sunita",
  "Rekha",
  "Farah",
  "Zoya",
  "Simran",
  "Harpreet",
  "Gurleen",
  "Tanvi",
  "Riya",
  "Aparna",
  "Bhavna",
  "Deepika",
  "Gayatri",
  "Jyoti",
  "Komal",
  "Madhuri",
  "Nisha",
  "Pallavi",
  "Radhika",
  "Sakshi",
  "Swati",
  "Trisha",
  "Vaishnavi",
  "Yamini",
  "Anjali",
  "Chitra",
  "Esha",
  "Fatima",
  "Hema",
  "Ira",
  "Juhi",
  "Kirti",
  "Lavanya",
  "Mitali",
  "Nazia",
  "Oindrila",
  "Payal",
  "Roshni",
  "Sana",
  "Tara",
  "Uma",
  "Vidya",
  "Aarti",
  "Bindu",
  "Charu",
  "Dipti",
  "Rohan",
  "Arjun",
  "Vikram",
  "Sameer",
];
const LAST_NAMES = [
  "Sharma",
  "Iyer",
  "Reddy",
  "Nair",
  "Menon",
  "Patel",
  "Shah",
  "Desai",
  "Kulkarni",
  "Joshi",
  "Banerjee",
  "Das",
  "Chatterjee",
  "Sen",
  "Gupta",
  "Agarwal",
  "Singh",
  "Kaur",
  "Khan",
  "Ansari",
  "Rao",
  "Pillai",
  "Verma",
  "Mishra",
  "Bose",
  "Mukherjee",
  "Naidu",
  "Hegde",
  "Kapoor",
  "Malhotra",
  "Thomas",
  "D'Souza",
  "Fernandes",
  "Bhat",
];
const PLACES: Array<[city: string, state: string, pincode: string, street: string]> = [
  ["Mumbai", "Maharashtra", "400050", "Hill Road, Bandra West"],
  ["Pune", "Maharashtra", "411004", "Prabhat Road, Erandwane"],
  ["Bengaluru", "Karnataka", "560034", "80 Feet Road, Koramangala"],
  ["Chennai", "Tamil Nadu", "600017", "Usman Road, T. Nagar"],
  ["Hyderabad", "Telangana", "500034", "Road No. 10, Banjara Hills"],
  ["Kolkata", "West Bengal", "700029", "Rashbehari Avenue, Gariahat"],
  ["New Delhi", "Delhi", "110049", "Green Park Extension"],
  ["Jaipur", "Rajasthan", "302001", "MI Road, Panch Batti"],
  ["Ahmedabad", "Gujarat", "380009", "CG Road, Navrangpura"],
  ["Kochi", "Kerala", "682016", "MG Road, Ernakulam"],
  ["Lucknow", "Uttar Pradesh", "226001", "Hazratganj"],
  ["Chandigarh", "Chandigarh", "160017", "Sector 17"],
  ["Guwahati", "Assam", "781005", "GS Road, Ulubari"],
  ["Indore", "Madhya Pradesh", "452001", "MG Road, South Tukoganj"],
];
/** How much of a piece sells in each size, roughly. */
const SIZE_WEIGHT: Record<string, number> = { XS: 0.5, S: 1, M: 1.5, L: 1.3, XL: 0.8, XXL: 0.5 };

const UPPER_WEAR: string[] = ["kurtas", "short-kurtis", "shirts", "dresses", "co-ords"];

/** Products whose buyers post photos in the demo (when they have happy buyers). */
export const PHOTO_SLUGS = [
  "neel-dabu-print-cotton-kurta",
  "rani-pink-banarasi-silk-lehenga-set",
  "champa-block-print-tiered-maxi-dress",
  "gulmohar-mulmul-co-ord-set",
  "pochampally-ikat-silk-saree",
  "mor-oxidised-jhumkas",
];

export interface DemoBuyer {
  firstName: string;
  lastName: string;
  /** +91 98000 2xxxx: made up, one range for the demo's buyers */
  phone: string;
  email: string;
  place: (typeof PLACES)[number];
}

export interface PlannedReview {
  product: SeedProduct;
  rating: number;
  fit: DemoFit | null;
  size: string;
  colour: string;
  title: string;
  body: string;
  at: Date;
  /** how many other buyers marked it helpful */
  helpful: number;
  reply: string | null;
  /** what a low review complains about, when it is the fit or the colour */
  complaint: "fit" | "colour" | null;
  /** the views of the piece her photos show (none for most) */
  photos: Array<"front" | "detail">;
}

export interface PlannedOrder {
  buyer: number;
  placedAt: Date;
  deliveredAt: Date;
  reviews: PlannedReview[];
}

export interface DemoReviewPlan {
  buyers: DemoBuyer[];
  orders: PlannedOrder[];
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function weighted<T>(rng: Rng, items: readonly T[], weight: (t: T, i: number) => number): T {
  const weights = items.map(weight);
  let r = rng() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r <= 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

function makeBuyers(rng: Rng): DemoBuyer[] {
  const taken = new Set<string>();
  const buyers: DemoBuyer[] = [];
  for (let i = 0; buyers.length < SHOPPERS; i++) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[Math.floor(rng() * LAST_NAMES.length)]!;
    if (taken.has(`${firstName} ${lastName}`)) continue;
    taken.add(`${firstName} ${lastName}`);
    const n = buyers.length;
    buyers.push({
      firstName,
      lastName,
      phone: `+9198000${String(20_000 + n)}`,
      email: `${firstName}.${lastName.replace(/\W/g, "")}${n}@example.com`.toLowerCase(),
      place: PLACES[Math.floor(rng() * PLACES.length)]!,
    });
  }
  return buyers;
}

/** How many buyers reviewed the piece: more for the popular ones, none for a few. */
function reviewCount(rng: Rng, product: SeedProduct): number {
  if (product.reviewsCount === 0) return 0;
  return clamp(Math.round(Math.log2(product.reviewsCount + 1) * 1.7 - 4 + (rng() * 4 - 2)), 0, 14);
}

/** Where the piece's sizes lean, the same for all its buyers: most true to size. */
function fitLean(product: SeedProduct): DemoFit | null {
  if (!isSized(product)) return null;
  const h = (hash(`fit|${product.slug}`) % 100) / 100;
  return h < 0.18 ? "runs_small" : h < 0.3 ? "runs_large" : "true_to_size";
}

function buyerFit(rng: Rng, lean: DemoFit | null, rating: number): DemoFit | null {
  if (!lean) return null;
  const r = rng();
  if (lean === "true_to_size") return r < 0.84 ? lean : r < 0.93 ? "runs_small" : "runs_large";
  // her low stars are the fit's fault more often than not
  if (rating <= 3 || r < 0.6) return lean;
  return r < 0.95 ? "true_to_size" : lean === "runs_small" ? "runs_large" : "runs_small";
}

/** Stars around the piece's standing: a rough bell, 2 to 5. */
function drawStars(rng: Rng, mean: number): number {
  return clamp(Math.round(mean + (rng() + rng() + rng() - 1.5) * 1.3), 2, 5);
}

function drawHelpful(rng: Rng): number {
  const r = rng();
  if (r < 0.55) return 0;
  if (r < 0.8) return 1 + Math.floor(rng() * 3);
  if (r < 0.95) return 3 + Math.floor(rng() * 6);
  return 8 + Math.floor(rng() * 10);
}

interface Draft {
  product: SeedProduct;
  buyer: number;
  review: Omit<PlannedReview, "product" | "at" | "reply" | "photos">;
}

/** Each product's reviews: who wrote them, the stars, fit, size and colour, and the words. */
function draftReviews(rng: Rng, products: readonly SeedProduct[]): Draft[] {
  const drafts: Draft[] = [];
  for (const product of products) {
    const count = reviewCount(rng, product);
    const lean = fitLean(product);
    const used = new Set<unknown>();
    const authors = new Set<number>();
    while (authors.size < count) authors.add(Math.floor(rng() ** 1.3 * SHOPPERS));
    for (const buyer of authors) {
      const rating = drawStars(rng, product.rating);
      const fit = buyerFit(rng, lean, rating);
      const size = weighted(rng, product.sizes, (s) => SIZE_WEIGHT[s] ?? 1);
      const colour = weighted(rng, product.colours, (_, i) => (i === 0 ? 1.6 : 1)).name;
      const written = writeReview(rng, product, { rating, fit, size, colour }, used);
      drafts.push({
        product,
        buyer,
        review: {
          rating,
          fit,
          size,
          colour,
          title: written.title,
          body: written.body,
          complaint: written.complaint,
          helpful: drawHelpful(rng),
        },
      });
    }
  }
  return drafts;
}

/**
 * The demo shop's past: its buyers, their delivered orders and the reviews they wrote. `products` is
 * the demo catalogue (or the part of it seeded); `now` is the first start.
 */
export function planDemoReviews(products: readonly SeedProduct[], now: Date, seed = 43): DemoReviewPlan {
  const rng = makeRng(seed);
  const buyers = makeBuyers(rng);
  const byBuyer = new Map<number, Draft[]>();
  for (const draft of draftReviews(rng, products))
    byBuyer.set(draft.buyer, [...(byBuyer.get(draft.buyer) ?? []), draft]);
  const orders: PlannedOrder[] = [];
  for (const [buyer, drafts] of byBuyer) {
    // her pieces in orders of one to three, pieces added to the shop about the same time together
    drafts.sort((a, b) => a.product.addedDaysAgo - b.product.addedDaysAgo);
    for (let i = 0; i < drafts.length;) {
      const size = 1 + Math.floor(rng() * 3);
      const group = drafts.slice(i, i + size);
      i += size;
      const oldest = Math.min(HISTORY_DAYS, ...group.map((d) => d.product.addedDaysAgo - 1));
      // a piece added too recently to have been delivered and reviewed has no reviews yet
      if (oldest < NEWEST_ORDER_DAYS) continue;
      const placedDaysAgo = NEWEST_ORDER_DAYS + (oldest - NEWEST_ORDER_DAYS) * rng() ** 1.4;
      const deliveredDaysAgo = placedDaysAgo - (3 + rng() * 3);
      const at = (days: number) => new Date(now.getTime() - days * DAY);
      orders.push({
        buyer,
        placedAt: at(placedDaysAgo),
        deliveredAt: at(deliveredDaysAgo),
        reviews: group.map((d) => ({
          ...d.review,
          product: d.product,
          // written a day to three weeks after delivery, never in the future
          at: at(Math.max(0.2, deliveredDaysAgo - 1 - rng() * Math.min(20, deliveredDaysAgo))),
          reply: null,
          photos: [],
        })),
      });
    }
  }
  addRepliesAndPhotos(orders, buyers);
  return { buyers, orders };
}

/** The shop answered two complaints and one bride; the photo products' happiest buyers posted pictures. */
function addRepliesAndPhotos(orders: PlannedOrder[], buyers: DemoBuyer[]): void {
  const all = orders.flatMap((o) => o.reviews.map((review) => ({ review, buyer: buyers[o.buyer]! })));
  const byDate = all.sort((a, b) => b.review.at.getTime() - a.review.at.getTime());
  const answer = (kind: "fit" | "colour" | "thanks", test: (r: PlannedReview) => boolean) => {
    const found = byDate.find(({ review }) => review.reply === null && test(review));
    if (found) found.review.reply = shopReply(kind, found.buyer.firstName);
  };
  // the fit answer speaks of a cut close at the shoulders: a kurta's, a top's or a dress's
  answer("fit", (r) => r.complaint === "fit" && r.fit === "runs_small" && UPPER_WEAR.includes(r.product.category));
  answer("colour", (r) => r.complaint === "colour");
  answer("thanks", (r) => r.rating === 5 && r.product.category === "lehengas");
  // a photo strip of two or three on each (photos are drawn at first start: a few keep it quick)
  for (const [i, slug] of PHOTO_SLUGS.entries()) {
    const happy = byDate.filter(({ review }) => review.product.slug === slug && review.rating >= 4);
    if (happy[0]) happy[0].review.photos = ["front", "detail"];
    if (happy[1] && i % 2 === 0) happy[1].review.photos = ["front"];
  }
}
