import { getDb } from "~/db/client.server";
import { noStoreHeaders } from "~/lib/cache-control";
import { invariantResponse } from "~/lib/http.server";
import { requireUser } from "~/modules/accounts/index.server";
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
  const [invoice, documents, parcel] = await Promise.all([
    canDownloadInvoice(getDb(), order),
    taxDocumentsOf(getDb(), order.id),
    shopperParcelOf(getDb(), order.id),
  ]);
  return { order: { ...order, payable, invoice }, documents, parcel };
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, documents, parcel } = loaderData;
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  const orderPath = `/account/orders/${encodeURIComponent(order.orderNumber)}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-8 sm:py-16">
      <AccountBreadcrumb here="Order" />
      <OrderHeading order={order} />

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
      <ParcelTracking
        parcel={parcel}
        order={order}
        support={settings ? { phone: settings.supportPhone, email: settings.supportEmail } : null}
        className="mt-8 border border-linen bg-white px-5 py-7 sm:px-8 sm:py-9"
      />

      <div className="mt-10 grid gap-12 lg:grid-cols-[1.5fr_1fr]">
        <OrderItems order={order} />

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
