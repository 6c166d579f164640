import { data, Link, useNavigation, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { BackToStore } from "~/components/layout/content-page";
import { TrackOrderForm } from "~/components/orders/track-order-form";
import { TrackedOrderCard, type TrackedOrderWithParcel } from "~/components/orders/tracked-order-card";
import { YourOrders } from "~/components/orders/your-orders";
import { getDb } from "~/db/client.server";
import { NO_STORE_HEADERS } from "~/lib/cache-control";
import { clientAddress, readFormData } from "~/lib/http.server";
import { getSessionUser } from "~/modules/accounts/index.server";
import { listOrdersForUser } from "~/modules/checkout/index.server";
import { TIMELINE_LABELS } from "~/modules/orders";
import { TRACK_MESSAGES, trackOrderFieldErrors, trackOrderValues, type TrackOrderState } from "~/modules/orders";
import { findOrderByNumber, lookUpOrder } from "~/modules/orders/index.server";
import { shopperParcelOf } from "~/modules/shipping/index.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/track-order";

/*
 * Track Your Order (decision 019): order number plus the phone or e-mail
 * it was placed with, no sign-in needed; lookups limited per client address and per order number.
 * Signed-in shoppers also see their own orders. Answers are never stored by any cache. A found order
 * comes with its parcel once booked (the courier, the AWB and the courier's scans: decision 041).
 */

/** The action's answer: a found order also carries its parcel. */
type TrackAnswer =
  | Exclude<TrackOrderState, { kind: "found" }>
  | (Omit<Extract<TrackOrderState, { kind: "found" }>, "order"> & { order: TrackedOrderWithParcel });

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return { ...NO_STORE_HEADERS, ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
};

export function meta() {
  return [
    { title: "Track Your Order · Saanjh" },
    { name: "description", content: "Follow your Saanjh order from our studio to your door." },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const orders = user ? await listOrdersForUser(getDb(), user.id, 20) : null;
  return data({ orders }, { headers: NO_STORE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const values = trackOrderValues(await readFormData(request));
  const fieldErrors = trackOrderFieldErrors(values);
  const reply = (state: TrackAnswer, status = 200, extra: Record<string, string> = {}) =>
    data(state, { status, headers: { ...NO_STORE_HEADERS, ...extra } });
  if (fieldErrors) return reply({ kind: "invalid", values, fieldErrors }, 400);
  const result = await lookUpOrder(getDb(), { ...values, clientAddress: clientAddress(request) });
  switch (result.outcome) {
    case "found": {
      const row = await findOrderByNumber(getDb(), result.order.orderNumber);
      const parcel = row ? await shopperParcelOf(getDb(), row.id) : null;
      return reply({ kind: "found", values, order: { ...result.order, parcel } });
    }
    case "not-found":
      return reply({ kind: "not-found", values, message: TRACK_MESSAGES.notFound }, 404);
    case "limited":
      return reply(
        { kind: "limited", values, message: result.message, retryAfterSeconds: result.retryAfterSeconds },
        429,
        { "Retry-After": String(result.retryAfterSeconds) },
      );
  }
}

/** A lookup changes nothing the page's loader reads: no need to load it again after one. */
export function shouldRevalidate({ formAction, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST" && formAction === "/track-order") return false;
  return defaultShouldRevalidate;
}

export default function TrackOrder({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/track-order";
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  const found = actionData?.kind === "found" ? actionData.order : null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:px-8 sm:pt-14">
      <BackToStore />
      <header className="mt-7 border-b border-linen pb-8">
        <p className="eyebrow">Support & Info</p>
        <h1 className="mt-3 font-display text-4xl leading-tight font-medium text-ink sm:text-5xl">Track Your Order</h1>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-stone">
          Follow your order from our studio in Jaipur to your door.
        </p>
      </header>

      <div className="mt-8 grid gap-10 sm:mt-10 lg:grid-cols-[22rem_minmax(0,1fr)] lg:gap-14">
        <div className="space-y-10">
          <TrackOrderForm state={actionData} busy={busy} signedIn={loaderData.orders !== null} />
          {loaderData.orders ? <YourOrders orders={loaderData.orders} /> : null}
          <section aria-labelledby="help-heading" className="text-sm leading-relaxed text-ink/80">
            <h2 id="help-heading" className="font-display text-xl font-medium text-ink">
              Courier tracking
            </h2>
            <p className="mt-2">
              When your parcel leaves our studio we text you the courier's tracking number; it shows here too. Ready
              pieces usually arrive within 3-5 working days; see the{" "}
              <Link to="/shipping-policy" className="underline underline-offset-4 hover:text-maroon">
                Shipping Policy
              </Link>{" "}
              for made-to-order timelines.
            </p>
            {settings && (settings.supportEmail || settings.supportPhone) ? (
              <p className="mt-2">
                Need help? Write to{" "}
                {settings.supportEmail ? (
                  <a
                    href={`mailto:${settings.supportEmail}`}
                    className="underline underline-offset-4 hover:text-maroon"
                  >
                    {settings.supportEmail}
                  </a>
                ) : null}
                {settings.supportEmail && settings.supportPhone ? " or call " : null}
                {settings.supportPhone ? (
                  <a
                    href={`tel:${settings.supportPhone.replace(/\s/g, "")}`}
                    className="underline underline-offset-4 hover:text-maroon"
                  >
                    {settings.supportPhone}
                  </a>
                ) : null}{" "}
                with your order number.
              </p>
            ) : null}
          </section>
        </div>

        <div className={found ? "order-first lg:order-none lg:self-start" : "hidden lg:block lg:self-start"}>
          {found ? (
            <TrackedOrderCard
              key={found.orderNumber}
              order={found}
              support={settings ? { phone: settings.supportPhone, email: settings.supportEmail } : null}
              focusOnMount
            />
          ) : (
            <JourneyPreview />
          )}
        </div>
      </div>
    </div>
  );
}

/** Before a lookup (wide screens): the steps an order goes through, as a quiet preview. */
function JourneyPreview() {
  const steps = [
    TIMELINE_LABELS.placed,
    TIMELINE_LABELS.confirmed,
    TIMELINE_LABELS.processing,
    TIMELINE_LABELS.shipped,
    TIMELINE_LABELS.delivered,
  ];
  return (
    <div className="flex min-h-[27rem] flex-col justify-center border border-dashed border-linen bg-sand/30 px-10 py-12">
      <p className="eyebrow">Your order's journey</p>
      <ol className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone">
        {steps.map((label, i) => (
          <li key={label} className="flex items-center gap-3">
            <span className="flex items-center gap-2">
              <span aria-hidden="true" className="h-2 w-2 rounded-full border border-stone/50" />
              {label}
            </span>
            {i < steps.length - 1 ? <span aria-hidden="true" className="h-px w-6 bg-linen" /> : null}
          </li>
        ))}
      </ol>
      <p className="mt-6 max-w-md text-sm leading-relaxed text-stone">
        Enter your order number and the phone number or e-mail you ordered with to see where your order is, with dates
        and the courier's tracking number once it ships.
      </p>
    </div>
  );
}
