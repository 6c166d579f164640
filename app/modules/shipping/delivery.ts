/*
 * The pincode check the shopper sees on the product page, the cart and the checkout (pure; browser and
 * server): the answer of GET /api/delivery/:pincode and the words it is shown in. Decision 041.
 */

/** The JSON answer of GET /api/delivery/:pincode (200; 400 answers `{ error }`). */
export interface DeliveryAnswer {
  pincode: string;
  /** a courier delivers there */
  serviceable: boolean;
  /** a courier collects cash on delivery there */
  codAvailable: boolean;
  /** the delivery dates (YYYY-MM-DD, India) of the fastest and of the usual courier; null when not serviceable */
  earliest: string | null;
  latest: string | null;
  /** 'provider': the courier service answered; 'table': the shop's own estimate from the pincode table */
  source: "provider" | "table";
}

export const DELIVERY_MESSAGES = {
  invalid: "Please enter a valid 6-digit pincode",
  failed: "We could not check this pincode just now. Please try again.",
  notServiceable: (pincode: string) => `We do not deliver to ${pincode} yet`,
  codAvailable: "Cash on delivery available",
  codUnavailable: "Cash on delivery not available",
  /** the checkout's note beside the payment choice, and the server's refusal */
  codRefused: (pincode: string) => `Cash on delivery is not available at pincode ${pincode}. Please pay online.`,
} as const;

/*
 * Made on first use, not when the module loads: the product page loads this module with the pincode box,
 * and a browser's first en-IN formatter loads its locale data (about 15 ms here, four times that on a
 * phone) in the middle of the page's start-up (decision 047).
 */
let dayFormat: Intl.DateTimeFormat | null = null;

/** '2026-11-29' -> 'Sat, 29 Nov'. */
export function deliveryDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  dayFormat ??= new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
  return dayFormat.format(date);
}

/**
 * The line shown under the pincode box: 'Delivery by Sat, 29 Nov · Cash on delivery available', or
 * 'We do not deliver to 795001 yet'. The date promised is the later one (the usual courier's).
 */
export function deliveryMessage(answer: DeliveryAnswer): string {
  if (!answer.serviceable || !answer.latest) return DELIVERY_MESSAGES.notServiceable(answer.pincode);
  const cod = answer.codAvailable ? DELIVERY_MESSAGES.codAvailable : DELIVERY_MESSAGES.codUnavailable;
  return `Delivery by ${deliveryDay(answer.latest)} · ${cod}`;
}

/** Where the browser remembers the shopper's pincode (localStorage), shared by the three places. */
export const DELIVERY_PINCODE_KEY = "saanjh:delivery-pincode";
