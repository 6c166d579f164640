import { getDb } from "~/db/client.server";
import { NO_STORE_HEADERS } from "~/lib/cache-control";
import { postOnly } from "~/lib/http.server";
import { getLogger } from "~/lib/logger.server";
import { processInbox, receiveWebhook } from "~/modules/shipping/index.server";
import type { Route } from "./+types/api.shipping.tracking";

/*
 * The courier service's tracking webhooks (decision 041). The path avoids the words Shiprocket refuses
 * in webhook addresses ('shiprocket', 'sr', 'kr'). Checked by its token, stored once per delivery,
 * answered at once; the scans are worked after the answer, by the same code as the polling fallback.
 */
export async function action({ request }: Route.ActionArgs) {
  const rawBody = await request.text();
  const headers: Record<string, string> = {};
  request.headers.forEach((value: string, name: string) => {
    headers[name.toLowerCase()] = value;
  });
  const intake = await receiveWebhook(getDb(), headers, rawBody);
  if (intake.stored) {
    setImmediate(() => {
      processInbox(getDb()).catch((error: unknown) =>
        getLogger().error({ err: error }, "shipping: working the webhook inbox failed; the next round retries"),
      );
    });
  }
  return Response.json({ status: intake.body }, { status: intake.status, headers: NO_STORE_HEADERS });
}

export const loader = postOnly;
