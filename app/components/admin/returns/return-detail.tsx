import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/dashboard/status-badge";
import { formatPhone } from "~/modules/accounts";
import { PAYMENT_METHOD_LABELS } from "~/modules/orders";
import { formatPrice } from "~/modules/pricing";
import type { StaffReturnView } from "~/modules/returns/index.server";
import { formatDateTime } from "../orders/dates";
import { NextStep, type PickupBy } from "./return-actions";
import { Card, resolutionLabel, ReturnStatusBadge } from "./return-format";
import { ReturnOutcome } from "./return-outcome";
import { ReturnPieces, ReturnSteps } from "./return-pieces";
import { RequestDetails } from "./return-request";

/*
 * One return for staff, resolved from this one screen: the request, the pieces, the next step for
 * its status (or how it ended), the order it came from with the shopper's contacts and address, and
 * its steps with who took each. Phones: one column, the request and the next step first.
 */

type View = StaffReturnView;

const CLOSED = ["resolved", "declined", "cancelled"] as const;

function Header({ view }: { view: View }) {
  const { request } = view;
  return (
    <>
      <Link
        to="/admin/returns"
        className="text-xs font-medium tracking-[0.2em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline"
      >
        ← All returns
      </Link>
      <header className="mt-4 flex flex-col gap-3 border-b border-linen pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="eyebrow">Return · {resolutionLabel(request.resolution)}</p>
          <h1 className="order-code mt-2 text-2xl break-all text-ink sm:text-3xl">{request.returnNumber}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone">
            <span data-testid="return-status">
              <ReturnStatusBadge status={request.status} resolution={request.resolution} />
            </span>
            <span>Requested {formatDateTime(request.requestedAt)}</span>
          </p>
        </div>
        <Link
          to={`/admin/orders/${view.order.id}`}
          className="btn-outline self-start !px-4 !py-2.5 text-xs sm:self-auto"
          data-testid="return-order-link"
        >
          Order {view.order.orderNumber}
        </Link>
      </header>
    </>
  );
}

function OrderSummary({ order }: { order: View["order"] }) {
  const b = order.billing;
  return (
    <div className="space-y-4 text-sm" data-testid="return-order">
      <div>
        <Link
          to={`/admin/orders/${order.id}`}
          className="order-code text-ink underline-offset-4 hover:text-maroon hover:underline"
        >
          {order.orderNumber}
        </Link>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-stone">
          <StatusBadge status={order.status} />
          <span>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
        </p>
        <p className="mt-1 text-stone">
          Total <span className="text-ink tabular-nums">{formatPrice(order.totalPaise)}</span>
          {order.storeCreditPaise > 0 ? (
            <span className="block">
              of which store credit <span className="text-ink tabular-nums">{formatPrice(order.storeCreditPaise)}</span>
            </span>
          ) : null}
        </p>
        <p className="text-xs text-stone">Placed {formatDateTime(order.placedAt)}</p>
      </div>
      <div className="border-t border-linen pt-4">
        <p className="font-medium text-ink">{order.customerName}</p>
        <a
          href={`tel:${order.customerPhone}`}
          className="inline-block py-0.5 text-ink underline-offset-4 hover:underline"
        >
          {formatPhone(order.customerPhone)}
        </a>
        <a
          href={`mailto:${order.customerEmail}`}
          className="block py-0.5 break-all text-ink underline-offset-4 hover:underline"
        >
          {order.customerEmail}
        </a>
      </div>
      <address className="border-t border-linen pt-4 leading-relaxed text-ink not-italic">
        <span className="text-stone">Pickup from</span>
        <br />
        {b.firstName} {b.lastName}
        <br />
        {b.address}
        <br />
        {b.city}, {b.state} {b.pincode}
      </address>
    </div>
  );
}

export function ReturnDetail({ view, pickupBy }: { view: View; pickupBy: PickupBy }) {
  const closed = (CLOSED as readonly string[]).includes(view.request.status);
  // the full destination only while a cash-on-delivery refund may still have to be paid
  const showFull = !closed && view.request.refundTo !== null;
  return (
    <div data-testid="return-detail">
      <Header view={view} />
      <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1.75fr)_minmax(0,1fr)] lg:items-start">
        <div className="contents lg:block lg:space-y-6">
          <Card title="Request" className="order-1 lg:order-none">
            <RequestDetails view={view} showFull={showFull} />
          </Card>
          <Card title="Pieces" testId="return-pieces" className="order-3 lg:order-none">
            <ReturnPieces view={view} />
          </Card>
          <Card title="Steps" className="order-5 lg:order-none">
            <ReturnSteps events={view.events} resolution={view.request.resolution} />
          </Card>
        </div>
        <div className="contents lg:block lg:space-y-6">
          <Card
            title={closed ? "Outcome" : "Next step"}
            testId="return-action"
            className="order-2 border-maroon/30 lg:order-none"
          >
            {closed ? <ReturnOutcome view={view} /> : <NextStep view={view} pickupBy={pickupBy} />}
          </Card>
          <Card title="Order" className="order-4 lg:order-none">
            <OrderSummary order={view.order} />
          </Card>
        </div>
      </div>
    </div>
  );
}

export function ReturnMissing({ notFound }: { notFound: boolean }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="eyebrow">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-3 font-display text-3xl text-ink">
        {notFound ? "Return not found" : "This return could not be loaded."}
      </h1>
      <Link to="/admin/returns" className="btn-primary mt-8">
        All returns
      </Link>
    </div>
  );
}
