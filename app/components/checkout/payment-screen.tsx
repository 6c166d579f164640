import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import { Notice } from "~/components/account/field";
import { LockIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PAYMENT_MESSAGES, paymentFailedMessage, type PaymentCheckout } from "~/modules/payments";
import { formatPrice } from "~/modules/pricing";
import { useRazorpayGateway } from "./razorpay-gateway";
import { TestGateway } from "./test-gateway";

export type PaymentActionData =
  | { ok: true; intent: string; checkout: PaymentCheckout; placed?: undefined; next?: undefined }
  | { ok: true; intent: string; placed: string; next: string; checkout?: undefined }
  | { ok: false; intent: string; message: string; flagged?: boolean };

export interface PaymentPage {
  state: "payable" | "unavailable" | "expired" | "closed";
  order: { orderNumber: string; totalPaise: number; paymentDueAt: string | null; customerName: string };
  provider: "razorpay" | "test" | null;
  redirectMode: boolean;
  autoStart: boolean;
  failed: string | null;
}

/** How long 'Order Placed Successfully!' stays before the order page. */
const SUCCESS_REDIRECT_MS = 2000;

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-8 sm:pt-12">
      <header className="mb-8 border-b border-linen pb-6">
        <p className="eyebrow flex items-center gap-2">
          <LockIcon className="h-3.5 w-3.5" />
          Secure payment
        </p>
        <h1 className="mt-2 font-display text-4xl text-ink sm:text-5xl">Payment</h1>
      </header>
      {children}
    </div>
  );
}

export function PaymentScreen({ page, actionData }: { page: PaymentPage; actionData?: PaymentActionData }) {
  const { order } = page;
  const accountLink = `/account/orders/${encodeURIComponent(order.orderNumber)}`;
  if (page.state !== "payable") {
    const text =
      page.state === "expired"
        ? "The time to pay for this order has run out, so its pieces went back on sale. Your bag is waiting for you if you would like to order again."
        : page.state === "unavailable"
          ? PAYMENT_MESSAGES.unavailable
          : "This order cannot be paid online.";
    return (
      <Shell>
        <div className="border border-linen bg-white/70 p-8 text-center">
          <p className="eyebrow">Order {order.orderNumber}</p>
          <p className="mt-4 font-display text-2xl text-ink">{text}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link to={accountLink} className="btn-outline">
              View the order
            </Link>
            <Link to="/products" className="btn-primary">
              Continue shopping
            </Link>
          </div>
        </div>
      </Shell>
    );
  }
  return <Payable page={page} actionData={actionData} accountLink={accountLink} />;
}

function Payable({
  page,
  actionData,
  accountLink,
}: {
  page: PaymentPage;
  actionData?: PaymentActionData;
  accountLink: string;
}) {
  const { order } = page;
  const navigate = useNavigate();
  const start = useFetcher<PaymentActionData>({ key: `pay-start-${order.orderNumber}` });
  const result = useFetcher<PaymentActionData>({ key: `pay-result-${order.orderNumber}` });
  const [gatewayOpen, setGatewayOpen] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);
  const hydrated = useHydrated();

  // Without JavaScript the forms post the page itself; with it, fetchers keep the page in place.
  const started = start.data ?? (actionData?.intent === "start" ? actionData : undefined);
  const settled = result.data ?? (actionData && actionData.intent !== "start" ? actionData : undefined);
  const checkout = started?.ok && started.checkout ? started.checkout : null;
  const processing = start.state !== "idle" || result.state !== "idle" || gatewayOpen;
  const placed = settled?.ok && settled.placed ? settled : null;

  const message =
    clientError ??
    (settled && !settled.ok ? settled.message : null) ??
    (started && !started.ok ? started.message : null) ??
    (page.failed ? paymentFailedMessage(page.failed) : null);

  useEffect(() => {
    if (!placed?.next) return;
    const timer = window.setTimeout(() => void navigate(placed.next, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [placed?.next, navigate]);

  const pay = () => {
    setClientError(null);
    void start.submit({ intent: "start", js: "1" }, { method: "post" });
  };

  // arriving from the checkout: open the gateway at once
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!page.autoStart || autoStarted.current || !hydrated) return;
    autoStarted.current = true;
    pay();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page is ready
  }, [hydrated, page.autoStart]);

  // Razorpay: open Checkout once the session exists
  useRazorpayGateway({ checkout, redirectMode: page.redirectMode, result, setGatewayOpen, setClientError });

  if (placed) return <PaymentPlaced message={placed.placed} next={placed.next} />;

  const testSession = checkout?.provider === "test" ? checkout : null;
  return (
    <Shell>
      <section aria-labelledby="pay-heading" className="border border-linen bg-white/70 p-6 sm:p-10">
        <p className="eyebrow">Order {order.orderNumber}</p>
        <h2 id="pay-heading" className="mt-3 font-display text-3xl text-ink">
          Amount to pay <span data-testid="payment-amount">{formatPrice(order.totalPaise)}</span>
        </h2>
        {order.paymentDueAt ? (
          <p className="mt-2 text-sm text-stone">
            We are holding your pieces until{" "}
            {new Intl.DateTimeFormat("en-IN", {
              hour: "numeric",
              minute: "2-digit",
              day: "numeric",
              month: "short",
              timeZone: "Asia/Kolkata",
            }).format(new Date(order.paymentDueAt))}
            .
          </p>
        ) : null}
        <div className="mt-6" aria-live="polite">
          {message ? <Notice tone="error">{message}</Notice> : null}
        </div>

        {testSession ? (
          <TestGateway
            orderAmount={testSession.amountPaise}
            providerOrderId={testSession.providerOrderId}
            hydrated={hydrated}
            fetcher={result}
            busy={result.state !== "idle"}
          />
        ) : (
          <PayButton
            hydrated={hydrated}
            processing={processing}
            totalPaise={order.totalPaise}
            needsScript={page.provider === "razorpay"}
            onPay={pay}
          />
        )}
        <p className="mt-6 text-xs text-stone">
          UPI, cards and net banking. Payments are encrypted and never stored by us.
        </p>
      </section>
      <p className="mt-6 text-center text-sm text-stone">
        You can also pay later from{" "}
        <Link to={accountLink} className="text-ink underline underline-offset-4">
          your order page
        </Link>
        .
      </p>
    </Shell>
  );
}

function PaymentPlaced({ message, next }: { message: string; next: string }) {
  return (
    <Shell>
      <div role="status" className="border border-leaf/30 bg-white/70 p-10 text-center">
        <p className="font-display text-3xl text-leaf">{message}</p>
        <p className="mt-3 text-sm text-stone">Taking you to your order...</p>
        <Link to={next} className="btn-outline mt-8">
          View your order
        </Link>
      </div>
    </Shell>
  );
}

/** 'Pay': with the page's script it opens the gateway in place; without it the form posts the page. */
function PayButton({
  hydrated,
  processing,
  totalPaise,
  needsScript,
  onPay,
}: {
  hydrated: boolean;
  processing: boolean;
  totalPaise: number;
  needsScript: boolean;
  onPay: () => void;
}) {
  return (
    <Form
      method="post"
      className="mt-6"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onPay();
      }}
    >
      <button type="submit" name="intent" value="start" className="btn-primary w-full sm:w-auto" disabled={processing}>
        <LockIcon className="h-4 w-4" />
        {processing ? "Processing..." : `Pay ${formatPrice(totalPaise)}`}
      </button>
      {needsScript ? (
        <noscript>
          <p className="mt-3 text-sm text-stone">
            Paying online needs JavaScript. Please turn it on, or choose cash on delivery at the checkout.
          </p>
        </noscript>
      ) : null}
    </Form>
  );
}
