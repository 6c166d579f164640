/**
 * What the demo shop's buyers wrote: titles and sentences for Indian ethnic wear, put together per
 * review from the piece's own words (its kind, fabric, the colour and size she bought) and her stars
 * and fit. Seed data: the demo seed (./demo-reviews.server.ts) writes these as real reviews.
 *
 * `{it}`, `{It}`, `{them}`, `{its}`, `{is}`, `{was}`, `{s}` (a verb's -s) follow the piece's number, so
 * "earrings" read "they are" where a kurta reads "it is".
 */
import type { Rng } from "./art/garment";
import type { CategorySlug, SeedProduct } from "./types";

export type DemoFit = "runs_small" | "true_to_size" | "runs_large";
type Group = "garment" | "lehenga" | "saree" | "fabric" | "jewellery";
type Stars = 2 | 3 | 4 | 5;

/**
 * A sentence, or one for some categories only, or a complaint about the fit (said only by a buyer
 * whose size ran small or large) or about the colour (the shop answers those); with the title that
 * goes with it when it says something particular.
 */
type Line =
  string | { text: string; only?: CategorySlug[]; about?: "runs_small" | "runs_large" | "colour"; title?: string };

interface GroupTexts {
  /** titles for any text of those stars (a text with a title of its own takes that) */
  titles: Record<Stars, string[]>;
  openers: Record<Stars, Line[]>;
  /** said by some buyers, whatever their stars (4 and 5 only) */
  asides: Line[];
}

const TOPS: CategorySlug[] = ["kurtas", "short-kurtis", "shirts"];

const GARMENT: GroupTexts = {
  titles: {
    5: [
      "Exactly as pictured",
      "My new favourite",
      "Beautiful fabric, neat finish",
      "Worth every rupee",
      "So comfortable",
      "Compliments every time I wear it",
      "Perfect for office",
      "Lovely colour",
      "Better than I expected",
      "Ordered a second colour",
      "Soft and breathable",
      "Very happy with this",
    ],
    4: ["Good quality for the price", "Comfortable everyday piece", "Good buy", "Pretty, with one small niggle"],
    3: ["Okay, not great", "Not quite for me"],
    2: ["Not what I expected", "Disappointed"],
  },
  openers: {
    5: [
      "Absolutely love this {noun}. The {fabric} is soft and breathable and the {colour} is exactly what I saw on the screen.",
      "Wore {them} to office the day after {it} arrived and three people asked where {it} {was} from.",
      "Ordered the {colour} in {size} and {it} fitted beautifully. Stitching is neat, not a single loose thread.",
      "This is my third order from the shop and easily the best piece. The print is crisp and the fabric feels premium.",
      "Bought this for my mother's birthday and she has hardly taken {them} off. The colour did not run in the first wash.",
      "Such a well-made {noun}. The finishing inside is as good as outside and the hem is perfectly even.",
      "Wore {them} through a long humid day in Chennai and stayed comfortable till evening. The {fabric} breathes well.",
      "The {colour} is gorgeous in daylight, a shade deeper than the photos, which I actually prefer.",
      "Packed beautifully and arrived in four days. The {noun} look{s} even better in person.",
      {
        text: "Light, comfortable and easy to style. I have worn {them} with jeans and with palazzos and both look great.",
        only: TOPS,
      },
      { text: "Finally pants that stay put at the waist all day and do not bag at the knees.", only: ["bottoms"] },
      {
        text: "The softest thing I own. I sleep in {them} and also wear {them} for video calls from home.",
        only: ["loungewear"],
      },
      {
        text: "Both pieces can be worn separately, which makes this set such good value. The top pairs well with my denims.",
        only: ["co-ords"],
      },
    ],
    4: [
      {
        text: "Really nice {noun} for the price. The {fabric} is good, though {it} crease{s} quickly, so keep an iron ready.",
        title: "Nice fabric, creases easily",
      },
      {
        text: "Lovely print and colour. One star less because the {colour} bled a little in the first wash; fine since then.",
        title: "Nice, but wash it separately",
      },
      {
        text: "Pretty and comfortable. The length is a bit more than I expected for {size}; I am 5 ft 2 in.",
        title: "Lovely, a little long for me",
      },
      "Good quality overall. The stitching could be neater at the seams but nobody notices when it is on.",
      "Nice {noun}, softer after one wash. Delivery took a week to Guwahati, otherwise no complaints.",
      {
        text: "I like {them} a lot. The fabric is slightly thinner than I imagined, so I wear a slip underneath.",
        title: "Pretty, a little thin",
      },
    ],
    3: [
      {
        text: "The {fabric} is nice but the {colour} looked brighter on the website. In person it is quite muted.",
        about: "colour",
        title: "Colour differs from the photos",
      },
      {
        text: "Decent {noun}, nothing special for the price. The print is slightly off-centre on mine.",
        title: "Decent, not special",
      },
      {
        text: "Fabric quality is fine, but {it} {was} snug on me in {size}. The exchange was easy though.",
        about: "runs_small",
        title: "Good fabric, runs small",
      },
      {
        text: "Nice fabric, but {it} hung loose on me in {size} and looked shapeless.",
        about: "runs_large",
        title: "Good fabric, fit not for me",
      },
      { text: "Okay for home. The fabric pilled a little after four washes.", title: "Pilled after a few washes" },
    ],
    2: [
      {
        text: "The colour I received is much duller than in the photos, closer to brown than {colour}. Sent {them} back.",
        about: "colour",
        title: "Colour much duller than shown",
      },
      {
        text: "Had to return {them}. The armholes were tight and the sleeves cut into my arms, and I always wear {size}.",
        about: "runs_small",
        title: "Tight across the arms",
      },
      {
        text: "Far too loose in {size}, {it} looked like a tent on me. Returned {them}.",
        about: "runs_large",
        title: "Ran very large",
      },
      {
        text: "The fabric feels thin and a little see-through in daylight. Not worth the price for me.",
        title: "Too thin for the price",
      },
    ],
  },
  asides: [
    "Washed {them} by hand as the label says and {it} came out fine.",
    "Bought {them} in the sale, so even better value.",
    "Colour has stayed true after several washes.",
    "I am 5 ft 5 in, for reference.",
    "The fabric softens with every wash.",
  ],
};

const LEHENGA: GroupTexts = {
  titles: {
    5: [
      "Wore it for my sister's sangeet",
      "Stunning in person",
      "Felt like a bride",
      "Heavy flare, beautiful work",
      "Perfect for the wedding season",
    ],
    4: ["Beautiful lehenga", "Lovely work"],
    3: ["Pretty, with reservations"],
    2: ["Not worth it for me"],
  },
  openers: {
    5: [
      "Wore this for my cousin's sangeet and danced all night. The flare is lovely when you twirl and the can-can is soft, not scratchy.",
      "The {colour} is rich and the work catches the light beautifully in photos. Everyone asked where I got it.",
      "Got this for my engagement ceremony and it looked far more expensive than it was. The dupatta drapes well.",
      "The work is neat and evenly spaced, and the waistband has a drawstring plus a hook, so the skirt sits securely.",
      "Wore it to a Haldi and then to a reception with different jewellery; looked right at both.",
    ],
    4: [
      {
        text: "Stunning lehenga. The blouse needed taking in at the sides, which my tailor did in a day.",
        title: "Beautiful, blouse needed alteration",
      },
      {
        text: "Lovely work and colour. It is heavier than I expected, so plan for that if you wear it all day.",
        title: "Lovely but heavy",
      },
      {
        text: "Beautiful set, though the dupatta is a touch thin next to the skirt.",
        title: "Gorgeous, dupatta a little thin",
      },
    ],
    3: [
      {
        text: "The work is pretty but the {colour} is darker than in the photos, too dark for a day function.",
        about: "colour",
        title: "Colour deeper than shown",
      },
      {
        text: "Skirt is lovely; the blouse runs tight and its margin is small, so alterations were limited.",
        about: "runs_small",
        title: "Pretty work, tight blouse",
      },
      {
        text: "Skirt is lovely but the blouse was loose in {size} and needed a lot of taking in.",
        about: "runs_large",
        title: "Pretty work, loose blouse",
      },
    ],
    2: [
      {
        text: "The blouse was far too tight in {size} with hardly any margin to let out. Had to send it back.",
        about: "runs_small",
        title: "Blouse far too tight",
      },
      {
        text: "The work looked cheap up close and a few sequins were already loose when it arrived. Returned it.",
        title: "Work looked cheap up close",
      },
    ],
  },
  asides: [
    "Came folded in a cloth bag, not crushed.",
    "Steam it before wearing; the creases from the box fall out easily.",
    "The latkans on the drawstring are a sweet touch.",
  ],
};

const SAREE: GroupTexts = {
  titles: {
    5: [
      "Drapes like a dream",
      "A saree to keep for years",
      "Wore it for Diwali",
      "Lovely weave",
      "Perfect office saree",
    ],
    4: ["Beautiful saree", "Elegant, one small thing"],
    3: ["Nice, not perfect"],
    2: ["Disappointed"],
  },
  openers: {
    5: [
      "Drapes beautifully and the pleats stay in place all day. The {colour} glows in evening light.",
      "Wore this for Diwali puja and my mother-in-law approved, which says everything. The border is rich and the pallu is lovely.",
      "Light enough to wear to office and pretty enough for a dinner after. Very easy to drape.",
      "The weave is fine and even, and the zari has a soft shine, not a loud one. The blouse piece matches perfectly.",
      "Bought it for my daughter's college farewell and she looked lovely. The fabric is soft and does not slip.",
    ],
    4: [
      {
        text: "Beautiful saree. The blouse piece is a little short for full sleeves, keep that in mind.",
        title: "Beautiful, blouse piece a bit short",
      },
      {
        text: "Lovely weave and colour. It came without fall and pico, so give your tailor a day for that.",
        title: "Lovely weave, no fall attached",
      },
      {
        text: "Slightly stiff on the first wear, softened after a dry clean. Very elegant.",
        title: "Slightly stiff at first",
      },
    ],
    3: [
      {
        text: "Nice saree but the {colour} is lighter than on the screen. Still wearable.",
        about: "colour",
        title: "Nice saree, colour differs",
      },
      {
        text: "The fabric is slippery and the pleats needed pins. Looks pretty once it is draped.",
        title: "Pleats will not stay",
      },
    ],
    2: [
      {
        text: "The colour was quite different from the pictures, dull rather than {colour}. Returned it.",
        about: "colour",
        title: "Not the colour shown",
      },
      {
        text: "The fabric felt synthetic, nothing like the silk I expected. Returned it.",
        title: "Felt synthetic",
      },
    ],
  },
  asides: [
    "Wrapped in tissue with a thank-you note, which was sweet.",
    "Dry clean only, as the label says.",
    "My tailor said the blouse piece is good quality too.",
  ],
};

const FABRIC: GroupTexts = {
  titles: {
    5: [
      "Lovely material, stitched beautifully",
      "Great fabric for the price",
      "My tailor loved it",
      "Beautiful colours",
    ],
    4: ["Good material", "Nice fabric"],
    3: ["Just okay"],
    2: ["Disappointed"],
  },
  openers: {
    5: [
      "My tailor said it is one of the nicer materials she has cut this year. Enough fabric for a full-length kurta with sleeves.",
      "The {fabric} is soft and the {colour} is true to the photos. It drapes well.",
      "Got it stitched into an Anarkali for Eid and it came out beautifully.",
      "Lovely material. The print is sharp and there was plenty of cloth for the salwar.",
    ],
    4: [
      {
        text: "Nice material, though the dupatta is thinner than the kurta fabric.",
        title: "Good material, dupatta thinner",
        only: ["unstitched"],
      },
      {
        text: "Good quality. It bled a little in the first wash, so soak it in salt water first.",
        title: "Nice, bleeds a little",
      },
    ],
    3: [
      {
        text: "The print faded slightly after a few washes. The fabric itself is fine.",
        title: "Print faded a little",
      },
    ],
    2: [
      {
        text: "Less fabric than described; my tailor could not fit full sleeves.",
        title: "Less fabric than described",
      },
    ],
  },
  asides: ["Pre-wash it before stitching, it shrinks a little.", "The colour matches the photos closely."],
};

const JEWELLERY: GroupTexts = {
  titles: {
    5: [
      "Light and so pretty",
      "Looks like real gold",
      "Perfect with sarees",
      "Lovely gift",
      "Did not irritate my skin",
    ],
    4: ["Very pretty", "Nice piece"],
    3: ["Just okay"],
    2: ["Disappointed"],
  },
  openers: {
    5: [
      "Surprisingly light for the size. I wore {them} for six hours at a wedding without any discomfort.",
      "The finish is lovely and {it} look{s} far more expensive than {it} {is}. Came in a pretty pouch, perfect for gifting.",
      "Bought {them} for my wife's birthday and she wore {them} the same evening. Very happy.",
      "Pairs beautifully with sarees and with kurtas. No irritation even on my sensitive skin.",
      "The detail is fine and the stones are set evenly. Exactly like the photos.",
    ],
    4: [
      { text: "Lovely to look at, a little heavy after a few hours.", title: "Pretty but a little heavy" },
      { text: "Very pretty. The clasp is a bit stiff, but it holds securely.", title: "Nice, the clasp is stiff" },
    ],
    3: [
      { text: "Pretty, but smaller than {it} look{s} in the photos.", title: "Smaller than expected" },
      {
        text: "Started to darken slightly after a month; keeping {them} in the pouch helps.",
        title: "Darkened a little",
      },
    ],
    2: [
      {
        text: "One stone came loose on the first wear. Disappointing for the price.",
        title: "A stone fell out",
      },
    ],
  },
  asides: ["Keep {them} away from perfume and {it} will last.", "The colour of the stones matches the photos."],
};

const TEXTS: Record<Group, GroupTexts> = {
  garment: GARMENT,
  lehenga: LEHENGA,
  saree: SAREE,
  fabric: FABRIC,
  jewellery: JEWELLERY,
};

/** What a buyer says about the fit in the size she bought (sized pieces only). */
const FIT_LINES: Record<DemoFit, string[]> = {
  true_to_size: [
    "True to size: I usually wear {size} and the {size} fitted well.",
    "Fits true to size, with room to move.",
    "The size chart was accurate for me.",
    "Took my usual {size}, no alterations needed.",
  ],
  runs_small: [
    "It runs small, so order one size up. My usual {size} was snug across the shoulders.",
    "A little tight at the chest in {size}; I would size up next time.",
    "Runs a size small, especially around the armholes.",
  ],
  runs_large: [
    "It runs large: the {size} was roomy and I could have taken a size down.",
    "Slightly loose in {size}. Size down if you like a closer fit.",
    "Generous fit, my {size} felt a size bigger than usual.",
  ],
};

const CLOSERS = ["Will buy more colours.", "Highly recommend.", "Would love more prints in this cut.", "Go for it."];

const NOUNS: Record<string, { noun: string; plural?: true }> = {
  Kurta: { noun: "kurta" },
  "Kurta Set": { noun: "kurta set" },
  Kurti: { noun: "kurti" },
  Tops: { noun: "top" },
  "Co-ord Set": { noun: "co-ord set" },
  Dress: { noun: "dress" },
  Palazzo: { noun: "palazzo" },
  Pants: { noun: "pants", plural: true },
  Skirt: { noun: "skirt" },
  "Lounge Set": { noun: "lounge set" },
  Shirt: { noun: "shirt" },
  "Lehenga Set": { noun: "lehenga" },
  Saree: { noun: "saree" },
  "Dress Material": { noun: "suit piece" },
  Dupatta: { noun: "dupatta" },
  Earrings: { noun: "earrings", plural: true },
  Bangles: { noun: "bangles", plural: true },
  Necklace: { noun: "necklace" },
  "Maang Tikka": { noun: "maang tikka" },
};

export function textGroupOf(category: CategorySlug): Group {
  if (category === "accessories") return "jewellery";
  if (category === "sarees") return "saree";
  if (category === "lehengas") return "lehenga";
  if (category === "unstitched") return "fabric";
  return "garment";
}

/** Whether buyers say how the piece fitted in their size (a saree or earrings have no size to fit). */
export function isSized(product: SeedProduct): boolean {
  return !product.sizes.includes("Free Size");
}

function fill(text: string, product: SeedProduct, bought: { size: string; colour: string }): string {
  const { noun, plural } = NOUNS[product.type] ?? { noun: product.type.toLowerCase() };
  const words: Record<string, string> = {
    noun,
    it: plural ? "they" : "it",
    It: plural ? "They" : "It",
    them: plural ? "them" : "it",
    its: plural ? "their" : "its",
    is: plural ? "are" : "is",
    was: plural ? "were" : "was",
    s: plural ? "" : "s",
    fabric: product.fabric.toLowerCase(),
    colour: bought.colour.toLowerCase(),
    size: bought.size,
  };
  const filled = text.replace(/\{(\w+)\}/g, (whole, key: string) => words[key] ?? whole);
  return filled.charAt(0).toUpperCase() + filled.slice(1);
}

function lineText(line: Line): string {
  return typeof line === "string" ? line : line.text;
}

function aboutOf(line: Line) {
  return typeof line === "string" ? undefined : line.about;
}

/**
 * Whether a buyer could have written the line: one for her piece's kind; a fit complaint only when
 * her size ran that way, and (for 2 and 3 stars) her complaint is about the fit when it did.
 */
function couldSay(line: Line, category: CategorySlug, fit: DemoFit | null, stars: Stars): boolean {
  if (typeof line !== "string" && line.only && !line.only.includes(category)) return false;
  const about = aboutOf(line);
  if (about === "runs_small" || about === "runs_large") return about === fit;
  return stars >= 4 || fit === null || fit === "true_to_size";
}

/** Picks the next unused entry of `list` for this product (`used` remembers), else any. */
function pickFresh<T>(rng: Rng, list: readonly T[], used: Set<unknown>): T {
  const fresh = list.filter((x) => !used.has(x));
  const from = fresh.length > 0 ? fresh : list;
  const chosen = from[Math.floor(rng() * from.length)]!;
  used.add(chosen);
  return chosen;
}

export interface WrittenReview {
  title: string;
  body: string;
  /** what a low review complains about, when it is the fit or the colour (the shop answers some) */
  complaint: "fit" | "colour" | null;
}

/**
 * One buyer's title and text. `used` is shared by the reviews of one product, so its reviews do not
 * repeat each other while the pool lasts. `fit` is null for pieces without a size to fit.
 */
export function writeReview(
  rng: Rng,
  product: SeedProduct,
  review: { rating: number; fit: DemoFit | null; size: string; colour: string },
  used: Set<unknown>,
): WrittenReview {
  const texts = TEXTS[textGroupOf(product.category)];
  const stars = Math.min(5, Math.max(2, review.rating)) as Stars;
  const possible = texts.openers[stars].filter((l) => couldSay(l, product.category, review.fit, stars));
  const opener = pickFresh(rng, possible.length > 0 ? possible : texts.openers[stars], used);
  const title = (typeof opener !== "string" && opener.title) || pickFresh(rng, texts.titles[stars], used);
  const about = aboutOf(opener);
  const parts = [lineText(opener)];
  if (stars >= 4 && rng() < 0.45) parts.push(lineText(pickFresh(rng, texts.asides, used)));
  // the fit is said when it surprised her (unless she complained of it already), and now and then when it did not
  if (review.fit && !about?.startsWith("runs_") && (review.fit !== "true_to_size" || rng() < 0.5))
    parts.push(pickFresh(rng, FIT_LINES[review.fit], used));
  if (stars === 5 && rng() < 0.3) parts.push(pickFresh(rng, CLOSERS, used));
  const bought = { size: review.size, colour: review.colour };
  return {
    title: fill(title, product, bought),
    body: parts.map((p) => fill(p, product, bought)).join(" "),
    complaint: about === "colour" ? "colour" : about ? "fit" : null,
  };
}

/** The shop's answers under a few reviews: a fit complaint, a colour complaint, a happy bride. */
export function shopReply(kind: "fit" | "colour" | "thanks", firstName: string): string {
  if (kind === "fit")
    return `Thank you for the honest review, ${firstName}. This cut sits close at the shoulders, so we have added a note to its size guide suggesting a size up. Our team is always happy to arrange an exchange.`;
  if (kind === "colour")
    return `Thank you, ${firstName}. Colours look a little different from screen to screen, and our photos were taken in daylight; we have added a note about this to the product page. Do write to us if you would like an exchange.`;
  return `Thank you so much, ${firstName}! We are so glad it made the day special.`;
}
