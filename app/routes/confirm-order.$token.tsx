import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/client.server";
import { NO_STORE_HEADERS, noStoreHeaders } from "~/lib/cache-control";
import { invariantResponse, readFormData } from "~/lib/http.server";
import { answerCodConfirmation, codConfirmationByToken } from "~/modules/shipping/index.server";
import { formatPrice } from "~/modules/pricing";
import type { Route } from "./+types/confirm-order.$token";

/*
 * /confirm-order/<secret>: the link in the text and e-mail that asks a shopper to confirm a large
 * cash-on-delivery order before it ships (decision 041). No sign-in: the secret is the key, and the
 * page shows only the order number and its total. Confirm, or say she does not want it.
 */

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Confirm your order · Saanjh" }, { name: "robots", content: "noindex, nofollow" }];
}

const NOT_FOUND = "This link is not valid. Please use the link in your message, or contact us.";

export async function loader({ params }: Route.LoaderArgs) {
  const view = await codConfirmationByToken(getDb(), params.token);
  invariantResponse(view, NOT_FOUND, 404);
  return data(
    { orderNumber: view.orderNumber, totalPaise: view.totalPaise, status: view.status, cancelled: view.orderCancelled },
    { headers: NO_STORE_HEADERS },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readFormData(request);
  const answer = form.get("answer");
  if (answer !== "confirmed" && answer !== "declined")
    return data({ error: NOT_FOUND }, { status: 400, headers: NO_STORE_HEADERS });
  const view = await answerCodConfirmation(getDb(), params.token, answer);
  invariantResponse(view, NOT_FOUND, 404);
  return data({ error: null }, { headers: NO_STORE_HEADERS });
}

function Outcome({ status, cancelled }: { status: string; cancelled: boolean }) {
  if (cancelled) return <p>This order has been cancelled, so there is nothing to confirm.</p>;
  if (status === "confirmed" || status === "checked_by_staff")
    return <p>Thank you: your order is confirmed. We will pack it and send you the tracking details when it ships.</p>;
  if (status === "declined")
    return (
      <p>Thank you for telling us. We will not send this order; our team will cancel it and may call you to check.</p>
    );
  return null;
}

export default function ConfirmOrder({ loaderData: o, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const waiting = o.status === "awaiting" && !o.cancelled;
  return (
    <div className="mx-auto max-w-xl px-4 pt-12 pb-20 text-center sm:px-8 sm:pt-20">
      <p className="eyebrow">Cash on delivery</p>
      <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">
        {waiting ? "Please confirm your order" : "Your order"}
      </h1>
      <p className="mt-4 text-sm text-stone">
        Order <span className="order-code text-ink">{o.orderNumber}</span> · {formatPrice(o.totalPaise)} to pay in cash
        at your door
      </p>
      <div className="mt-8 text-sm text-ink" role="status" aria-live="polite">
        <Outcome status={o.status} cancelled={o.cancelled} />
        {actionData?.error ? <p className="text-sale">{actionData.error}</p> : null}
      </div>
      {waiting ? (
        <Form method="post" className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          <button
            type="submit"
            name="answer"
            value="confirmed"
            className="btn-primary w-full sm:w-auto"
            disabled={busy}
          >
            Confirm my order
          </button>
          <button type="submit" name="answer" value="declined" className="btn-outline w-full sm:w-auto" disabled={busy}>
            I did not place this order
          </button>
        </Form>
      ) : null}
      <p className="mt-10 text-sm">
        <Link to="/" className="text-maroon underline underline-offset-4">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
