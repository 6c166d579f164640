import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { readLocalCart } from "~/modules/cart";
import { CHECKOUT_MESSAGES, type CheckoutValues } from "~/modules/checkout";
import type { CheckoutPage, LineProblem } from "~/modules/checkout/index.server";
import { CheckoutForm } from "./checkout-form";
import { CheckoutShell } from "./checkout-shell";

export type CheckoutActionData =
  | { ok: true; message: string; next: string }
  | {
      ok: false;
      message: string;
      values: CheckoutValues;
      fieldErrors?: Record<string, string>;
      problems?: LineProblem[];
    };

type PageData = CheckoutPage | { kind: "signed-out" };

/** How long 'Order Placed Successfully!' stays before the order page. */
const SUCCESS_REDIRECT_MS = 2000;

export function CheckoutScreen({ page, actionData }: { page: PageData; actionData?: CheckoutActionData }) {
  if (actionData?.ok) return <Placed message={actionData.message} next={actionData.next} />;
  switch (page.kind) {
    case "signed-out":
      return <SignInFirst />;
    case "empty":
    case "blocked":
    case "over-limit":
      return <EmptyBag />;
    case "ready":
      return <CheckoutForm page={page} actionData={actionData} />;
  }
}

/** Signed-out shoppers are asked to sign in; 'cart' brings them back to the checkout. */
function SignInFirst() {
  return (
    <CheckoutShell>
      <section
        role="alertdialog"
        aria-labelledby="login-question"
        className="mx-auto max-w-lg border border-linen bg-white/70 p-8 text-center sm:p-10"
      >
        <h2 id="login-question" className="font-display text-2xl leading-snug text-ink">
          {CHECKOUT_MESSAGES.loginConfirm}
        </h2>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/authentication?redirectTo=cart" className="btn-primary">
            Go to login
          </Link>
          <Link to="/cart" className="btn-outline">
            Back to cart
          </Link>
        </div>
      </section>
    </CheckoutShell>
  );
}

/**
 * Nothing in the stored bag. Right after signing in, the bag kept in this browser may still be on its
 * way to the stored one (ShopperSync): wait for it; otherwise back to the cart with the empty-cart message.
 */
function EmptyBag() {
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    if (readLocalCart().length > 0) {
      // the merge revalidates this page when it is done; give up after a while
      const timer = window.setTimeout(() => setWaiting(false), 8000);
      return () => window.clearTimeout(timer);
    }
    void navigate("/cart?checkout=empty", { replace: true });
  }, [navigate]);
  return (
    <CheckoutShell>
      <div role="status" className="mx-auto max-w-md py-12 text-center">
        <p className="font-display text-3xl text-ink">{waiting ? "Bringing your bag..." : CHECKOUT_MESSAGES.empty}</p>
        <noscript>
          <p className="mt-3 font-display text-2xl text-ink">{CHECKOUT_MESSAGES.empty}</p>
        </noscript>
        <Link to="/cart" className="btn-outline mt-8">
          Back to cart
        </Link>
      </div>
    </CheckoutShell>
  );
}

function Placed({ message, next }: { message: string; next: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(next, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, next]);
  return (
    <CheckoutShell eyebrow="Thank you" title="Checkout">
      <div role="status" className="mx-auto max-w-lg border border-leaf/30 bg-white/70 p-10 text-center">
        <p className="font-display text-3xl text-leaf">{message}</p>
        <p className="mt-3 text-sm text-stone">Taking you to your order...</p>
        <Link to={next} className="btn-outline mt-8">
          View your order
        </Link>
      </div>
    </CheckoutShell>
  );
}
