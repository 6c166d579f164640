import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { clientAddress, invariantResponse, isLoopbackAddress } from "~/lib/http.server";
import { normalisePhone } from "~/modules/accounts/forms";
import { readOutbox } from "~/modules/accounts/sms.server";
import type { Route } from "./+types/dev.outbox";

/*
 * Demo mode only: the console SMS provider's outbox for one phone, as JSON, so a developer or the
 * end-to-end tests can read a sign-in code without a phone. Codes are not secret in demo mode
 * (they are printed in the log too); with a real SMS gateway or in live mode this page does not
 * exist (404). It answers only a client on this machine: anyone else who can reach the port gets
 * 404 too, since the codes would sign them in as any shopper. See docs/decisions/010 and 014.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const config = getConfig();
  invariantResponse(config.isDemo && config.sms.provider === "console", "Not found", 404);
  invariantResponse(isLoopbackAddress(clientAddress(request)), "Not found", 404);
  const phone = normalisePhone(new URL(request.url).searchParams.get("phone") ?? "");
  invariantResponse(phone.ok, phone.ok ? "" : phone.message, 400);
  const messages = await readOutbox(getDb(), phone.phone);
  return Response.json(
    { phone: phone.phone, messages: messages.map((m) => ({ body: m.body, sentAt: m.createdAt.toISOString() })) },
    { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
  );
}
