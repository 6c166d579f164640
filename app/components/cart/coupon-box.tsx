import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { STORE_FIELD, useStore } from "~/components/shopper/use-shopper";
import type { CartActionResult } from "~/modules/cart";
import { formatPrice } from "~/modules/pricing";

/**
 * The coupon box: the code is upper-cased as typed and kept when it is refused;
 * its messages come from the pricing module through the action. An applied coupon shows
 * what it saves and a Remove button.
 */
export function CouponBox({
  applied,
  notice,
  noScriptResult,
}: {
  applied: { code: string; discountPaise: number } | null;
  /** a coupon that was removed because the cart stopped qualifying */
  notice: string | null;
  /** the action's answer after a form post without JavaScript */
  noScriptResult?: CartActionResult;
}) {
  const fetcher = useFetcher<CartActionResult>({ key: "cart-coupon" });
  const store = useStore();
  const id = useId();
  const fromPost =
    noScriptResult && (noScriptResult.intent === "apply-coupon" || noScriptResult.intent === "remove-coupon")
      ? noScriptResult
      : undefined;
  const [code, setCode] = useState(fromPost && !fromPost.ok ? (fromPost.code ?? "") : "");
  const result = fetcher.state === "idle" ? (fetcher.data ?? fromPost) : undefined;
  const busy = fetcher.state !== "idle";
  // the success message belongs to the applied coupon; it goes when the coupon goes
  const success = applied && result?.ok && result.intent === "apply-coupon" ? result.message : undefined;
  const error = result && !result.ok ? result.error : undefined;

  return (
    <div className="border-t border-linen pt-5">
      {applied ? (
        <div className="flex items-center justify-between gap-3 border border-dashed border-leaf/50 bg-emerald-50/60 px-4 py-3">
          <p className="text-sm text-ink">
            Coupon <strong className="font-medium tracking-wider">{applied.code}</strong> applied
            <span className="block text-xs text-leaf">You save {formatPrice(applied.discountPaise)}</span>
          </p>
          <fetcher.Form method="post" action="/cart">
            <input type="hidden" name={STORE_FIELD} value={store} />
            <button
              type="submit"
              name="intent"
              value="remove-coupon"
              disabled={busy}
              aria-label={`Remove coupon ${applied.code}`}
              className="text-xs tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-maroon hover:underline"
            >
              Remove
            </button>
          </fetcher.Form>
        </div>
      ) : (
        <fetcher.Form method="post" action="/cart" noValidate>
          <input type="hidden" name={STORE_FIELD} value={store} />
          <label htmlFor={id} className="eyebrow block text-ink">
            Coupon code
          </label>
          <div className="mt-2 flex">
            <input
              id={id}
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              placeholder="Enter code"
              aria-invalid={error ? true : undefined}
              aria-describedby={error || success ? `${id}-message` : undefined}
              className={`min-w-0 flex-1 border bg-white px-4 py-3 text-sm tracking-wider text-ink uppercase placeholder:tracking-normal placeholder:text-stone/60 placeholder:normal-case focus:border-ink focus:outline-none ${error ? "border-sale" : "border-linen"}`}
            />
            <button type="submit" name="intent" value="apply-coupon" disabled={busy} className="btn-primary !px-5">
              {busy ? "Applying..." : "Apply"}
            </button>
          </div>
        </fetcher.Form>
      )}
      <div aria-live="polite" className="mt-2 space-y-1 text-sm">
        {error ? (
          <p id={`${id}-message`} className="text-sale">
            {error}
          </p>
        ) : null}
        {success ? (
          <p id={`${id}-message`} className="text-leaf">
            {success}
          </p>
        ) : null}
        {notice && !applied && !error ? <p className="text-sale">{notice}</p> : null}
      </div>
    </div>
  );
}
