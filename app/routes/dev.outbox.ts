import { getConfig, isPlainEmailAddress } from "~/config.server";
import { getDb } from "~/db/client.server";
import { NO_STORE_HEADERS } from "~/lib/cache-control";
import { clientAddress, invariantResponse, isLoopbackAddress } from "~/lib/http.server";
import { normalisePhone } from "~/modules/accounts";
import { readOutbox } from "~/modules/accounts/index.server";
import { readEmailOutbox } from "~/modules/messages/index.server";
import type { Route } from "./+types/dev.outbox";

/*
 * Demo mode only: the console providers' messages, as JSON, so a developer or the end-to-end tests
 * can read a sign-in code or an order confirmation without a phone or a mailbox.
 * `?phone=` shows the console SMS provider's texts, `?email=` the e-mails the console e-mail provider
 * delivered. Codes are not secret in demo mode (they are printed in the log too); with a real
 * gateway for that channel, or in live mode, the view does not exist (404). It answers only a client
 * on this machine: anyone else who can reach the port gets 404 too, since the codes would sign them
 * in as any shopper. See docs/decisions/010, 014 and 018.
 */
const HEADERS = { ...NO_STORE_HEADERS, "X-Robots-Tag": "noindex" };

export async function loader({ request }: Route.LoaderArgs) {
  const config = getConfig();
  const params = new URL(request.url).searchParams;
  const email = params.get("email");
  const channelIsConsole = email === null ? config.sms.provider === "console" : config.email.provider === "console";
  invariantResponse(config.isDemo && channelIsConsole, "Not found", 404);
  invariantResponse(isLoopbackAddress(clientAddress(request)), "Not found", 404);
  if (email !== null) {
    invariantResponse(isPlainEmailAddress(email.trim()), "Please enter a valid e-mail address", 400);
    const messages = await readEmailOutbox(getDb(), email);
    return Response.json(
      {
        email: email.trim().toLowerCase(),
        messages: messages.map((m) => ({
          subject: m.subject,
          text: m.text,
          html: m.html,
          kind: m.kind,
          sentAt: m.sentAt.toISOString(),
        })),
      },
      { headers: HEADERS },
    );
  }
  const phone = normalisePhone(params.get("phone") ?? "");
  invariantResponse(phone.ok, phone.ok ? "" : phone.message, 400);
  const messages = await readOutbox(getDb(), phone.phone);
  return Response.json(
    { phone: phone.phone, messages: messages.map((m) => ({ body: m.body, sentAt: m.createdAt.toISOString() })) },
    { headers: HEADERS },
  );
}
