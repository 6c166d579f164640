import { data, redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { noStoreHeaders } from "~/lib/cache-control";
import { invariantResponse, readFormData } from "~/lib/http.server";
import { requireUser } from "~/modules/accounts/index.server";
import { Notice } from "~/components/account/field";
import { OrderReturns, ReturnOrExchangeLink } from "~/components/account/order-returns";
import { shopperReturns } from "~/components/account/order-returns-view";
import { windowsLine } from "~/components/account/return-request-form";
import { findOrderById } from "~/modules/orders/index.server";
import { loadReturnOffer, returnEventsOf, returnsOfOrder, withdrawReturn } from "~/modules/returns/index.server";
import { reviewedProductIds } from "~/modules/reviews/index.server";
import { taxDocumentsOf } from "~/modules/invoices/index.server";
import { canDownloadInvoice } from "~/modules/invoices/index.server";
import { getOrderForUser } from "~/modules/checkout/index.server";
import { shopperParcelOf } from "~/modules/shipping/index.server";
import { AccountBreadcrumb } from "~/components/account/account-breadcrumb";
import { DeliveryAddress, OrderHeading, OrderItems, PaymentState } from "~/components/account/order-detail";
import { OrderTimeline } from "~/components/orders/order-timeline";
import { ParcelTracking } from "~/components/orders/parcel-tracking";
import { TaxDocuments } from "~/components/orders/tax-documents";
import { orderTimeline } from "~/modules/orders";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/account.order";

export const headers = noStoreHeaders;

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `Order ${data.order.orderNumber} · Saanjh` : "Order not found · Saanjh" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Another shopper's order answers exactly like a missing one.
  const order = await getOrderForUser(getDb(), user.id, params.orderNumber);
  invariantResponse(order, "Order not found", 404);
  // an online order awaiting payment whose time has not run out can still be paid from here
  const payable =
    order.status === "pending_payment" &&
    order.paymentMethod === "online" &&
    (!order.paymentDueAt || order.paymentDueAt.getTime() > Date.now());
  const delivered = order.status === "delivered" || order.status === "completed";
  const productIds = [...new Set(order.lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const [invoice, documents, parcel, offer, returns, reviewed] = await Promise.all([
    canDownloadInvoice(getDb(), order),
    taxDocumentsOf(getDb(), order.id),
    shopperParcelOf(getDb(), order.id),
    delivered ? loadReturnOffer(getDb(), { userId: user.id, orderNumber: order.orderNumber }) : null,
    returnsOfTheOrder(order),
    delivered ? reviewedProductIds(getDb(), user.id, productIds) : null,
  ]);
  const returnOffer = offer?.kind === "offer" && offer.open ? { windows: offer.offer.windows } : null;
  return {
    order: { ...order, payable, invoice },
    documents,
    parcel,
    returnOffer,
    returns,
    /** a received order's pieces can be reviewed: the products she already has */
    reviewed: reviewed && [...reviewed],
    notice: noticeOf(new URL(request.url).searchParams, returns),
  };
}

/** The order's returns as she may see them, with their steps and any exchange's order number. */
async function returnsOfTheOrder(order: { id: string; lines: Parameters<typeof shopperReturns>[2] }) {
  const rows = await returnsOfOrder(getDb(), order.id);
  if (rows.length === 0) return [];
  const exchangeIds = [...new Set(rows.flatMap((r) => (r.exchangeOrderId ? [r.exchangeOrderId] : [])))];
  const [events, exchanges] = await Promise.all([
    returnEventsOf(
      getDb(),
      rows.map((r) => r.id),
    ),
    Promise.all(exchangeIds.map((id) => findOrderById(getDb(), id))),
  ]);
  const numbers = new Map(exchanges.flatMap((o) => (o ? [[o.id, o.orderNumber] as const] : [])));
  return shopperReturns(rows, events, order.lines, numbers);
}

/** The word after a request was sent or withdrawn, for a request of this order only. */
function noticeOf(params: URLSearchParams, returns: ReadonlyArray<{ returnNumber: string }>): string | null {
  const sent = params.get("return");
  if (sent && returns.some((r) => r.returnNumber === sent))
    return `Request ${sent} sent. We reply within one working day.`;
  const withdrawn = params.get("withdrawn");
  if (withdrawn && returns.some((r) => r.returnNumber === withdrawn)) return `Request ${withdrawn} withdrawn.`;
  return null;
}

/** 'Withdraw request' on one of the order's returns (until the courier has collected it). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const order = await getOrderForUser(getDb(), user.id, params.orderNumber);
  invariantResponse(order, "Order not found", 404);
  if (form.get("intent") !== "withdraw") return data({ error: "Something went wrong. Please try again." }, 400);
  const returnNumber = String(form.get("returnNumber") ?? "");
  const version = Number(form.get("version"));
  const ours = (await returnsOfOrder(getDb(), order.id)).some((r) => r.returnNumber === returnNumber);
  if (!ours || !Number.isInteger(version)) return data({ error: "Return not found" }, 404);
  const done = await withdrawReturn(getDb(), { userId: user.id, returnNumber, version });
  if (!done.ok) return data({ error: done.message }, done.status);
  throw redirect(
    `/account/orders/${encodeURIComponent(order.orderNumber)}?withdrawn=${encodeURIComponent(returnNumber)}`,
  );
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, documents, parcel, returnOffer, returns, reviewed, notice } = loaderData;
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  const orderPath = `/account/orders/${encodeURIComponent(order.orderNumber)}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-8 sm:py-16">
      <AccountBreadcrumb here="Order" />
      <OrderHeading order={order} />

      {notice || actionData?.error ? (
        <div className="mt-6">
          <Notice tone={actionData?.error ? "error" : "success"}>{actionData?.error ?? notice}</Notice>
        </div>
      ) : null}
      {returnOffer ? (
        <div
          data-testid="return-offer"
          className="mt-6 flex flex-col gap-4 border border-linen bg-sand/40 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <p className="text-sm text-ink">Not quite right? Exchange a size or send it back.</p>
            <p className="mt-0.5 text-xs text-stone">{windowsLine(returnOffer.windows)}</p>
          </div>
          <ReturnOrExchangeLink orderPath={orderPath} />
        </div>
      ) : null}

      {order.status === "cancelled" && order.cancellationReason ? (
        <p className="mt-6 border border-sale/30 bg-red-50 px-4 py-3 text-sm text-sale">
          Cancelled: {order.cancellationReason}
        </p>
      ) : null}
      <TaxDocuments
        documents={documents}
        invoiceHref={`${orderPath}/invoice`}
        creditNoteHref={(id) => `${orderPath}/credit-notes/${id}`}
        className="mt-6"
      />
      <OrderReturns returns={returns} orderPath={orderPath} />
      <ParcelTracking
        parcel={parcel}
        order={order}
        support={settings ? { phone: settings.supportPhone, email: settings.supportEmail } : null}
        className="mt-8 border border-linen bg-white px-5 py-7 sm:px-8 sm:py-9"
      />

      <div className="mt-10 grid gap-12 lg:grid-cols-[1.5fr_1fr]">
        <OrderItems order={order} reviewed={reviewed} />

        <div className="space-y-10">
          <section aria-labelledby="ship-heading">
            <h2 id="ship-heading" className="font-display text-2xl text-ink">
              Delivery address
            </h2>
            <DeliveryAddress billing={order.billing} />
          </section>
          <section aria-labelledby="payment-heading">
            <h2 id="payment-heading" className="font-display text-2xl text-ink">
              Payment
            </h2>
            <PaymentState order={order} />
          </section>
          <section aria-labelledby="history-heading">
            <h2 id="history-heading" className="font-display text-2xl text-ink">
              Progress
            </h2>
            <OrderTimeline
              timeline={orderTimeline(order.history, order)}
              label={`Progress of order ${order.orderNumber}`}
              showShippingDetails={!parcel}
              className="mt-6"
            />
          </section>
        </div>
      </div>
    </div>
  );
}
