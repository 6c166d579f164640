/*
 * The shop's forms as a browser with JavaScript posts them (React Router's single fetch: the page's
 * `.data` address, answered in the router's own encoding, decoded here as the router decodes it):
 *
 * - phone sign-in on the account screen: `send-code`, the code read from the demo outbox (answered to
 *   this machine only, so that request carries no forwarded address), `verify` (sets the session
 *   cookie), and `register` for a new phone (decision 011);
 * - add to bag: POST /api/cart `intent=add` (JSON), as product pages do for a signed-in shopper;
 * - checkout (decision 020): the checkout page's data (its form key and the total it shows for each way
 *   to pay), then the form with a billing address at a serviceable pincode, cash on delivery or online;
 * - online payment with the demo shop's test gateway: the payment page (a whole page load), `start`,
 *   then the gateway's Approve.
 */
import { bodyText, cookiesOf, decodeData, formBody, jsonOf, type Answer } from "./http";
import { pick } from "./random";
import type { Outcome } from "./stats";
import type { Walk } from "./walk";

/** Addresses at pincodes every courier set-up serves (the state is the pincode's, or checkout refuses it). */
const ADDRESSES = [
  { address: "12 MG Road, Camp", city: "Pune", state: "Maharashtra", pincode: "411001" },
  { address: "80 Feet Road, Indiranagar", city: "Bengaluru", state: "Karnataka", pincode: "560038" },
  { address: "14 Janpath", city: "New Delhi", state: "Delhi", pincode: "110001" },
  { address: "9 Park Street", city: "Kolkata", state: "West Bengal", pincode: "700001" },
  { address: "3 MI Road", city: "Jaipur", state: "Rajasthan", pincode: "302001" },
  { address: "21 Abids Road", city: "Hyderabad", state: "Telangana", pincode: "500001" },
];

export interface Shopper {
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The route data of a single-fetch answer for `routeId`, or null. */
async function routeData<T>(answer: Answer | null, routeId: string): Promise<T | null> {
  if (!answer || answer.status !== 200) return null;
  const decoded = (await decodeData(answer)) as Record<string, { data?: T }> | null;
  return decoded?.[routeId]?.data ?? null;
}

/** An action's answer: its data, or where it redirects. */
async function actionAnswer<T>(answer: Answer | null): Promise<{ data?: T; redirect?: string } | null> {
  if (!answer) return null;
  return (await decodeData(answer)) as { data?: T; redirect?: string } | null;
}

async function outboxCode(walk: Walk, phone: string): Promise<string | null> {
  const answer = await walk.get("outbox", `/dev/outbox?phone=${encodeURIComponent(phone)}`, {
    forwarded: false,
    now: true,
  });
  if (!answer || answer.status !== 200) return null;
  const messages = jsonOf<{ messages: Array<{ body: string; sentAt: string }> }>(answer)?.messages ?? [];
  const newest = [...messages].sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
  return newest?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/** The phone sign-in; true when the walk holds a signed-in session with a completed profile. */
export async function phoneSignIn(walk: Walk, shopper: Shopper): Promise<boolean> {
  const { phone } = shopper;
  const sent = await actionAnswer<{ step?: string }>(
    await walk.post("sign-in", "/authentication.data", formBody({ intent: "send-code", mode: "register", phone })),
  );
  if (sent?.data?.step !== "code") return false;
  const code = await outboxCode(walk, phone);
  if (!code) return false;
  walk.pause(); // reading the text and typing the six digits
  const verifyAnswer = await walk.post(
    "sign-in",
    "/authentication.data",
    formBody({ intent: "verify", mode: "register", phone, code }),
  );
  const verified = await actionAnswer<{ kind?: string }>(verifyAnswer);
  const cookie = verifyAnswer ? cookiesOf(verifyAnswer) : "";
  if (!cookie.includes("session_token")) return false;
  walk.cookie = cookie;
  if (verified?.data?.kind !== "register") return true; // a phone that already has an account
  walk.pause(); // name and e-mail
  const registered = await actionAnswer<{ kind?: string }>(
    await walk.post(
      "sign-in",
      "/authentication.data",
      formBody({ intent: "register", firstName: shopper.firstName, lastName: shopper.lastName, email: shopper.email }),
    ),
  );
  return registered?.data?.kind === "account";
}

/** A sold-out or over-stock answer is a refusal the shopper reads, not an error. */
const cartRefusal = (answer: Answer): Outcome =>
  answer.status === 200
    ? "ok"
    : answer.status >= 500
      ? "server-error"
      : /stock|sold out|left/i.test(bodyText(answer))
        ? "refused"
        : "client-error";

export async function addToBag(
  walk: Walk,
  line: { productId: string; size: string; colour: string },
): Promise<boolean> {
  const answer = await walk.post(
    "add to bag",
    "/api/cart",
    formBody({ intent: "add", productId: line.productId, size: line.size, colour: line.colour, quantity: "1" }),
    { classify: cartRefusal },
  );
  return answer?.status === 200 && jsonOf<{ ok: boolean }>(answer)?.ok === true;
}

interface CheckoutPage {
  kind: string;
  checkoutKey?: string;
  totals?: Record<"online" | "cod", { totalPaise: number }>;
}

export type CheckoutEnd =
  | { kind: "placed"; orderNumber: string; method: "cod" | "online" }
  | { kind: "refused"; message: string }
  | { kind: "failed" };

/** The refusals the checkout answers with 409 (sold out, the total changed): read by the shopper, not errors. */
const checkoutRefusal = (answer: Answer): Outcome =>
  answer.status === 409
    ? "refused"
    : answer.status >= 500
      ? "server-error"
      : answer.status >= 400
        ? "client-error"
        : "ok";

const orderOf = (next: string | undefined) =>
  next ? new URL(next, "http://shop.invalid").searchParams.get("order") : null;

/** Opens the checkout and places the order; a total changed by staff meanwhile is looked at and placed again, once. */
export async function checkout(walk: Walk, shopper: Shopper, method: "cod" | "online"): Promise<CheckoutEnd> {
  const place = { ...pick(walk.random, ADDRESSES) };
  for (let attempt = 0; attempt < 2; attempt++) {
    const page = await routeData<CheckoutPage>(await walk.get("checkout page", "/checkout.data"), "routes/checkout");
    if (!page || page.kind !== "ready" || !page.checkoutKey || !page.totals)
      return { kind: "refused", message: "the bag cannot be ordered" };
    walk.pause(); // the address (kept in the browser), or a look at the new total
    const fields = {
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      email: shopper.email,
      phone: shopper.phone,
      ...place,
      paymentMethod: method,
      checkoutKey: page.checkoutKey,
      expectedTotalPaise: String(page.totals[method].totalPaise),
      js: "1",
    };
    const answer = await walk.post("checkout", "/checkout.data", formBody(fields), { classify: checkoutRefusal });
    const result = await actionAnswer<{ ok?: boolean; message?: string; next?: string }>(answer);
    const orderNumber = orderOf(result?.redirect ?? result?.data?.next);
    if (orderNumber) return { kind: "placed", orderNumber, method };
    if (answer?.status !== 409) return { kind: "failed" };
    const message = result?.data?.message ?? "";
    if (!/changed/i.test(message)) return { kind: "refused", message };
  }
  return { kind: "refused", message: "the total changed twice" };
}

/** Pays an online order with the test gateway; true when the shop confirmed it. */
export async function payOnline(walk: Walk, orderNumber: string): Promise<boolean> {
  const order = encodeURIComponent(orderNumber);
  const page = await walk.get("payment page", `/payment?order=${order}&start=1`, { now: true });
  if (page?.status !== 200) return false;
  // the page starts the gateway by itself once loaded
  const started = await actionAnswer<{ ok?: boolean; checkout?: { providerOrderId?: string } }>(
    await walk.post("payment", `/payment.data?order=${order}`, formBody({ intent: "start", js: "1" }), { now: true }),
  );
  const providerOrderId = started?.data?.checkout?.providerOrderId;
  if (!providerOrderId) return false;
  walk.pause();
  const approved = await actionAnswer<{ ok?: boolean }>(
    await walk.post(
      "payment",
      `/payment.data?order=${order}`,
      formBody({ intent: "test-approve", providerOrderId, js: "1" }),
    ),
  );
  return approved?.data?.ok === true;
}
