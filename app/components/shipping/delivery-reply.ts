import {
  DELIVERY_MESSAGES,
  DELIVERY_PINCODE_KEY,
  type DeliveryAnswer,
  deliveryMessage,
  isPincode,
  normalisePincode,
} from "~/modules/shipping";

/*
 * The browser's side of the pincode check (decision 041): what GET /api/delivery/:pincode answered,
 * as the line the shopper reads, and the pincode this browser remembers for the next page. Only ever
 * run after the page has loaded: the server's HTML carries nothing per pincode.
 */

export type DeliveryResult =
  | { kind: "answer"; pincode: string; answer: DeliveryAnswer; line: string }
  | { kind: "error"; pincode: string; line: string };

function isAnswer(body: unknown): body is DeliveryAnswer {
  if (typeof body !== "object" || body === null) return false;
  const answer = body as Partial<DeliveryAnswer>;
  return (
    typeof answer.serviceable === "boolean" &&
    typeof answer.codAvailable === "boolean" &&
    (answer.latest === null || typeof answer.latest === "string")
  );
}

/** The route's reply as the shopper reads it: the answer line, its own 400 message as given, or 'could not check'. */
export function readDeliveryReply(pincode: string, status: number, body: unknown): DeliveryResult {
  if (status === 200 && isAnswer(body)) {
    const answer = { ...body, pincode };
    return { kind: "answer", pincode, answer, line: deliveryMessage(answer) };
  }
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  if (status === 400 && typeof error === "string" && error !== "") return { kind: "error", pincode, line: error };
  return { kind: "error", pincode, line: DELIVERY_MESSAGES.failed };
}

/** What the shopper typed as a pincode to ask about, or the answer to a malformed one (no need to ask). */
export function pincodeOf(raw: string): { pincode: string } | DeliveryResult {
  const pincode = normalisePincode(raw);
  return isPincode(pincode) ? { pincode } : { kind: "error", pincode, line: DELIVERY_MESSAGES.invalid };
}

/** Asks the shop about a pincode; a network failure is an answer too (rejects only when `signal` aborts it). */
export async function askDelivery(pincode: string, signal?: AbortSignal): Promise<DeliveryResult> {
  try {
    const response = await fetch(`/api/delivery/${encodeURIComponent(pincode)}`, {
      signal,
      headers: { Accept: "application/json" },
    });
    const body: unknown = await response.json().catch(() => null);
    return readDeliveryReply(pincode, response.status, body);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: "error", pincode, line: DELIVERY_MESSAGES.failed };
  }
}

/** Whether cash on delivery is closed at `pincode` by the answer for it (an answer for another pincode says nothing). */
export function codClosedAt(result: DeliveryResult | null, pincode: string): boolean {
  return result?.kind === "answer" && result.pincode === pincode && !result.answer.codAvailable;
}

/** What the checkout adds to the delivery line when it moved the shopper from cash on delivery to paying online. */
export const COD_SWITCH_NOTICE = "We have switched your payment to Pay online.";

/** The pincode this browser checked last, if any (storage may be off: then nothing is remembered). */
export function rememberedPincode(
  storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage,
): string | null {
  try {
    const value = storage?.getItem(DELIVERY_PINCODE_KEY) ?? null;
    return value !== null && isPincode(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberPincode(
  pincode: string,
  storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(DELIVERY_PINCODE_KEY, pincode);
  } catch {
    // private browsing or a full storage: the check still answers, it is only not remembered
  }
}
