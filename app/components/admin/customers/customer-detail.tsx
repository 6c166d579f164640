import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useToast } from "~/components/admin/toast";
import type { AdminCustomerDetail } from "~/modules/admin/index.server";
import { AccountState } from "./account-state";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { ActivityPanel, AddressesPanel, OrdersPanel, ProfilePanel } from "./customer-panels";
import { formatDay } from "./format";
import { StoreCreditPanel } from "./store-credit-panel";

type Answer = { ok: true; active: boolean; message: string } | { ok: false; message: string };

const MAX_REASON = 200;

/** One shopper: who they are, where they live, what they ordered, and whether they may sign in. */
export function CustomerDetail({ customer }: { customer: AdminCustomerDetail }) {
  const location = useLocation();
  const back = `/admin/customers${location.search}`;
  return (
    <div>
      <Link
        to={back}
        className="inline-flex items-center gap-2 text-sm text-stone underline-offset-4 hover:text-ink hover:underline"
      >
        <span aria-hidden="true">←</span> All customers
      </Link>
      <header className="mt-4 flex flex-col gap-4 border-b border-linen pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="eyebrow">Customer</p>
          <h1 className="mt-2 font-display text-4xl leading-tight break-words text-ink sm:text-5xl">{customer.name}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone">
            <AccountState active={customer.active} />
            <span>Joined {formatDay(customer.joinedAt)}</span>
            {customer.registered ? null : <span>Registration not completed</span>}
          </p>
        </div>
        <AccountControl customer={customer} />
      </header>

      {customer.active ? null : (
        <p role="note" className="mt-6 border-l-4 border-sale bg-red-50/60 px-4 py-3 text-sm text-ink">
          This account is deactivated: the shopper cannot sign in and is told to contact support. Their orders are kept.
          {customer.banReason ? <span className="mt-1 block text-stone">Reason: {customer.banReason}</span> : null}
        </p>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-8">
        <div className="space-y-6">
          <ProfilePanel customer={customer} />
          <AddressesPanel addresses={customer.addresses} />
        </div>

        <div className="space-y-6">
          <OrdersPanel orderCount={customer.orderCount} orders={customer.orders} />
          <StoreCreditPanel credit={customer.storeCredit} />
          <ActivityPanel activity={customer.activity} />
        </div>
      </div>
    </div>
  );
}

/** Deactivate (after a confirmation, with an optional reason) or reactivate; a toast says how it went. */
function AccountControl({ customer }: { customer: AdminCustomerDetail }) {
  const fetcher = useFetcher<Answer>();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const shown = useRef<Answer | undefined>(undefined);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || shown.current === answer || fetcher.state !== "idle") return;
    shown.current = answer;
    setConfirming(false);
    setReason("");
    toast(answer.message, answer.ok ? "success" : "error");
  }, [fetcher.data, fetcher.state, toast]);

  if (!customer.active) {
    return (
      <fetcher.Form method="post">
        <button type="submit" name="intent" value="reactivate" disabled={busy} className="btn-primary w-full sm:w-auto">
          {busy ? "Reactivating..." : "Reactivate account"}
        </button>
      </fetcher.Form>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="btn-outline w-full !border-sale !text-sale hover:!bg-sale hover:!text-white sm:w-auto"
      >
        Deactivate account
      </button>
      <ConfirmDialog
        open={confirming}
        eyebrow="Deactivate account"
        title="Deactivate this customer?"
        confirmLabel="Deactivate"
        busyLabel="Deactivating..."
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void fetcher.submit({ intent: "deactivate", reason }, { method: "post" })}
      >
        <p className="font-medium text-ink">{customer.name}</p>
        <p>
          They are signed out at once and cannot sign in again until reactivated; they are told to contact support.
          Their orders stay.
        </p>
        <div>
          <label
            htmlFor="deactivate-reason"
            className="mb-1.5 block text-xs font-medium tracking-[0.14em] text-stone uppercase"
          >
            Reason (optional, for staff)
          </label>
          <textarea
            id="deactivate-reason"
            value={reason}
            maxLength={MAX_REASON}
            rows={2}
            onChange={(e) => setReason(e.target.value)}
            className="w-full border border-linen bg-white px-3 py-2 text-sm text-ink focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
          />
        </div>
      </ConfirmDialog>
    </>
  );
}

/** The page's answer when the customer does not exist (or the page failed). */
export function CustomerMissing({ notFound }: { notFound: boolean }) {
  return (
    <div className="border border-linen bg-white px-6 py-16 text-center">
      <p className="eyebrow">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-3 font-display text-3xl text-ink">
        {notFound ? "This customer was not found." : "This customer could not be loaded."}
      </h1>
      <Link to="/admin/customers" className="btn-outline mt-8">
        All customers
      </Link>
    </div>
  );
}
