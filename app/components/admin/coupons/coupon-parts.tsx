import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/admin/toast";
import type { AdminCouponListItem } from "~/modules/coupons/index.server";
import {
  COUPON_ADMIN_MESSAGES,
  COUPON_STATE_LABELS,
  couponState,
  couponValueLabel,
  formatShopTime,
  type CouponState,
} from "~/modules/coupons";
import { formatPrice } from "~/modules/pricing";

/* Small pieces shared by the coupon list and the coupon editor. */

const STATE_CLASSES: Record<CouponState, string> = {
  active: "bg-[#e7f1ea] text-leaf ring-leaf/25",
  scheduled: "bg-[#eef1f8] text-[#2e3a87] ring-[#2e3a87]/20",
  inactive: "bg-sand text-stone ring-stone/25",
  expired: "bg-[#fbefed] text-sale ring-sale/25",
  "used-up": "bg-[#fbf3e2] text-[#7a5a12] ring-[#a9823f]/30",
};

export function CouponStateBadge({
  coupon,
  now,
}: {
  coupon: Pick<AdminCouponListItem, "isActive" | "startsAt" | "endsAt" | "usageLimit" | "usedCount">;
  now: Date;
}) {
  const state = couponState(coupon, now);
  return (
    <span
      data-state={state}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STATE_CLASSES[state]}`}
    >
      {COUPON_STATE_LABELS[state]}
    </span>
  );
}

export function discountText(c: Pick<AdminCouponListItem, "type" | "value">): string {
  return couponValueLabel(c.type, c.value);
}

export function minimumText(minAmountPaise: number): string {
  return minAmountPaise > 0 ? `from ${formatPrice(minAmountPaise)}` : "No minimum";
}

export function windowText(c: Pick<AdminCouponListItem, "startsAt" | "endsAt">): string {
  if (!c.startsAt && !c.endsAt) return "Always";
  if (c.startsAt && c.endsAt) return `${formatShopTime(c.startsAt)} – ${formatShopTime(c.endsAt)}`;
  return c.startsAt ? `From ${formatShopTime(c.startsAt)}` : `Until ${formatShopTime(c.endsAt!)}`;
}

/** 'n used · limit m' with a thin bar when there is a limit. */
export function UsageMeter({ used, limit }: { used: number; limit: number | null }) {
  const share = limit ? Math.min(1, used / limit) : 0;
  return (
    <span className="block min-w-[7rem]">
      <span className="text-ink tabular-nums">{used.toLocaleString("en-IN")}</span>
      <span className="text-stone"> / {limit === null ? "no limit" : limit.toLocaleString("en-IN")}</span>
      {limit ? (
        <span aria-hidden="true" className="mt-1.5 block h-1 w-full bg-linen">
          <span
            className={`block h-1 ${share >= 1 ? "bg-sale" : "bg-gold"}`}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </span>
      ) : null}
    </span>
  );
}

type ToggleAnswer = { ok: true; code: string; isActive: boolean } | { ok: false; message: string };

/** Deactivate or reactivate from the list, in place, with a toast. */
export function ActiveToggle({
  coupon,
  className = "",
}: {
  coupon: Pick<AdminCouponListItem, "id" | "code" | "isActive">;
  className?: string;
}) {
  const fetcher = useFetcher<ToggleAnswer>();
  const toast = useToast();
  const handled = useRef<ToggleAnswer | undefined>(undefined);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok)
      toast(
        answer.isActive
          ? `${COUPON_ADMIN_MESSAGES.reactivated}: ${answer.code}`
          : `${answer.code}: ${COUPON_ADMIN_MESSAGES.deactivated.toLowerCase()}`,
      );
    else toast(answer.message, "error");
  }, [answer, toast]);
  const busy = fetcher.state !== "idle";
  const intent = coupon.isActive ? "deactivate" : "reactivate";
  return (
    <fetcher.Form method="post" action="/admin/coupons" className={className}>
      <input type="hidden" name="couponId" value={coupon.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        aria-label={`${coupon.isActive ? "Deactivate" : "Reactivate"} ${coupon.code}`}
        className={`px-3 py-2 text-[0.68rem] font-medium tracking-[0.2em] uppercase underline-offset-4 hover:underline disabled:opacity-50 ${coupon.isActive ? "text-sale" : "text-leaf"}`}
      >
        {busy ? "Saving..." : coupon.isActive ? "Deactivate" : "Reactivate"}
      </button>
    </fetcher.Form>
  );
}
