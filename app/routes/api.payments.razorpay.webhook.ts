import { getDb } from "~/db/client.server";
import { NO_STORE_HEADERS } from "~/lib/cache-control";
import { postOnly } from "~/lib/http.server";
import { handleRazorpayWebhook } from "~/modules/checkout/index.server";
import type { Route } from "./+types/api.payments.razorpay.webhook";

/*
 * Razorpay's webhooks (decision 017): verified against X-Razorpay-Signature over the raw body, recorded by
 * event id before anything happens, and settled through the same function as the payment page.
 */
export async function action({ request }: Route.ActionArgs) {
  const rawBody = Buffer.from(await request.arrayBuffer());
  const answer = await handleRazorpayWebhook(getDb(), {
    rawBody,
    signature: request.headers.get("x-razorpay-signature"),
    eventId: request.headers.get("x-razorpay-event-id"),
  });
  return Response.json(answer.body, { status: answer.status, headers: NO_STORE_HEADERS });
}

export const loader = postOnly;
