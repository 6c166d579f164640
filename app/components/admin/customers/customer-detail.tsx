import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { StatusBadge } from "~/components/admin/dashboard/status-badge";
import { useToast } from "~/components/admin/toast";
import { formatPhone } from "~/modules/accounts";
import type { AdminCustomerDetail } from "~/modules/admin/index.server";
import { formatPrice } from "~/modules/pricing";
import { AccountState } from "./account-state";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { breakableEmail, formatDay, formatDayTime } from "./format";

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
          <Panel title="Profile">
            <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm">
              <dt className="text-stone">Name</dt>
              <dd className="text-ink">
                {customer.firstName ? `${customer.firstName} ${customer.lastName ?? ""}` : "—"}
              </dd>
              <dt className="text-stone">Phone</dt>
              <dd className="text-ink tabular-nums">{customer.phone ? formatPhone(customer.phone) : "—"}</dd>
              <dt className="text-stone">E-mail</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere] text-ink">
                {customer.email ? (
                  <a href={`mailto:${customer.email}`} className="underline-offset-4 hover:underline">
                    {breakableEmail(customer.email)[0]}
                    <wbr />
                    {breakableEmail(customer.email)[1]}
                  </a>
                ) : (
                  "—"
                )}
              </dd>
              <dt className="text-stone">Orders</dt>
              <dd className="text-ink tabular-nums">{customer.orderCount}</dd>
              <dt className="text-stone">Total spent</dt>
              <dd className="text-ink tabular-nums">{formatPrice(customer.spentPaise)}</dd>
            </dl>
          </Panel>
          <Panel title="Addresses">
            {customer.addresses.length === 0 ? (
              <p className="text-sm text-stone">No saved addresses.</p>
            ) : (
              <ul className="space-y-4">
                {customer.addresses.map((a) => (
                  <li key={a.id} className="text-sm leading-relaxed">
                    <p className="flex items-center gap-2 font-medium text-ink">
                      {a.fullName}
                      {a.isPrimary ? (
                        <span className="rounded-full bg-sand px-2 py-0.5 text-[0.65rem] font-medium tracking-[0.14em] text-stone uppercase">
                          Primary
                        </span>
                      ) : null}
                    </p>
                    <p className="text-stone">
                      {a.line1}
                      {a.line2 ? `, ${a.line2}` : ""}
                      <br />
                      {a.city}, {a.state} {a.pincode}
                      <br />
                      {a.country} · <span className="tabular-nums">{formatPhone(a.phone)}</span>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>

        <div className="space-y-6">
          <Panel title={`Orders (${customer.orderCount})`}>
            {customer.orders.length === 0 ? (
              <p className="text-sm text-stone">No orders yet.</p>
            ) : (
              <ul className="-my-3 divide-y divide-linen/80">
                {customer.orders.map((o) => (
                  <li key={o.id}>
                    <Link
                      to={`/admin/orders/${o.id}`}
                      className="-mx-2 grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-2 py-3 text-sm hover:bg-sand/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon sm:grid-cols-[minmax(0,1fr)_auto_auto]"
                    >
                      <span className="min-w-0">
                        <span className="order-code block text-ink">{o.orderNumber}</span>
                        <span className="block truncate text-stone">
                          {formatDay(o.createdAt)} · {o.itemCount} {o.itemCount === 1 ? "piece" : "pieces"}
                          {o.lineNames.length > 0 ? ` · ${o.lineNames.join(", ")}` : ""}
                        </span>
                      </span>
                      <span className="justify-self-end sm:order-none">
                        <StatusBadge status={o.status} />
                      </span>
                      <span className="col-span-2 font-medium text-ink tabular-nums sm:col-span-1 sm:text-right">
                        {formatPrice(o.totalPaise)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Recent activity">
            {customer.activity.length === 0 ? (
              <p className="text-sm text-stone">No changes by staff yet.</p>
            ) : (
              <ul className="space-y-3 text-sm">
                {customer.activity.map((a) => (
                  <li key={a.id}>
                    <p className="text-ink">{a.summary}</p>
                    <p className="text-xs text-stone">
                      {a.actorName} · {formatDayTime(a.at)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border border-linen bg-white p-5 sm:p-6" aria-label={title}>
      <h2 className="mb-4 text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">{title}</h2>
      {children}
    </section>
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
