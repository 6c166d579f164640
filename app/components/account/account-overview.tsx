import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatPhone, SUCCESS_MESSAGE_MS } from "~/modules/accounts";
import type { OrderStatus } from "~/modules/orders";
import { formatPrice } from "~/modules/pricing";
import { Notice } from "./field";
import { ProfileFields, useProfileErrors, type ProfileValues } from "./profile-fields";
import { StatusBadge } from "./status-badge";
import { StoreCreditSection } from "./store-credit-section";
import type { StoreCreditSummary } from "~/modules/credit";

export interface AccountOverviewData {
  profile: ProfileValues & { phone: string };
  orders: Array<{
    orderNumber: string;
    createdAt: Date;
    status: OrderStatus;
    totalPaise: number;
    itemCount: number;
    lineNames: string[];
  }>;
  primaryAddress: AddressView | null;
  addressCount: number;
  /** null when she never had store credit */
  storeCredit?: StoreCreditSummary | null;
}

export interface AddressView {
  fullName: string;
  phone: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

export interface AccountActionState {
  welcome?: string;
  profileMessage?: string;
  profileError?: string;
  fieldErrors?: Record<string, string>;
  values?: Partial<ProfileValues>;
  logoutError?: string;
  /** changes with every answer, restarting the 3 s timer of the success message */
  at?: number;
}

export const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** The signed-in account view: details, orders, primary address, profile edit, logout. */
export function AccountOverview({ data, state }: { data: AccountOverviewData; state: AccountActionState }) {
  const { profile, orders, primaryAddress, addressCount } = data;
  return (
    <div className="mx-auto max-w-6xl">
      <header className="flex flex-col gap-6 border-b border-linen pb-8 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="eyebrow">My account</p>
          <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">
            {profile.firstName} {profile.lastName}
          </h1>
          <dl className="mt-4 grid gap-1 text-sm text-stone">
            <div className="flex gap-2">
              <dt className="sr-only">Phone</dt>
              <dd>{formatPhone(profile.phone)}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="sr-only">E-mail</dt>
              <dd>{profile.email}</dd>
            </div>
          </dl>
        </div>
        <Form method="post">
          <button type="submit" name="intent" value="logout" className="btn-outline w-full sm:w-auto">
            Logout
          </button>
        </Form>
      </header>

      <div className="mt-6 space-y-3" aria-live="polite">
        {state.welcome ? <Notice tone="success">{state.welcome}</Notice> : null}
        {state.logoutError ? <Notice tone="error">{state.logoutError}</Notice> : null}
      </div>

      <div className="mt-10 grid gap-12 lg:grid-cols-[1.6fr_1fr] lg:gap-16">
        <div className="min-w-0">
          <section aria-labelledby="orders-heading">
            <div className="flex items-baseline justify-between gap-4">
              <h2 id="orders-heading" className="font-display text-3xl text-ink">
                My orders
              </h2>
              <Link
                to="/account/reviews"
                className="text-xs tracking-[0.18em] text-maroon uppercase underline-offset-4 hover:underline"
              >
                Your reviews
              </Link>
            </div>
            {orders.length === 0 ? (
              <div className="mt-6 border border-linen bg-white px-6 py-10 text-center">
                <p className="text-stone">You have not placed any orders yet.</p>
                <Link to="/products" className="btn-primary mt-6">
                  Start shopping
                </Link>
              </div>
            ) : (
              <ul className="mt-6 divide-y divide-linen border-y border-linen">
                {orders.map((order) => (
                  <li key={order.orderNumber}>
                    <Link
                      to={`/account/orders/${encodeURIComponent(order.orderNumber)}`}
                      className="group grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 py-5 hover:bg-sand/40 sm:grid-cols-[1.3fr_1fr_auto_auto] sm:items-center sm:px-3"
                    >
                      <span>
                        <span className="order-code block text-ink group-hover:text-maroon">{order.orderNumber}</span>
                        <span className="mt-0.5 block text-xs text-stone">
                          {dateFormat.format(new Date(order.createdAt))}
                        </span>
                      </span>
                      <span className="order-3 col-span-2 min-w-0 text-sm text-stone sm:order-none sm:col-span-1">
                        {order.itemCount} item{order.itemCount === 1 ? "" : "s"}
                        <span className="block truncate text-xs">{order.lineNames.join(", ")}</span>
                      </span>
                      <span className="text-right font-medium text-ink sm:text-left">
                        {formatPrice(order.totalPaise)}
                      </span>
                      <span className="order-4 col-span-2 sm:order-none sm:col-span-1">
                        <StatusBadge status={order.status} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {data.storeCredit ? <StoreCreditSection credit={data.storeCredit} /> : null}
        </div>

        <div className="space-y-12">
          <section aria-labelledby="address-heading">
            <div className="flex items-baseline justify-between gap-4">
              <h2 id="address-heading" className="font-display text-3xl text-ink">
                Primary address
              </h2>
              <Link
                to="/account/addresses"
                className="text-xs tracking-[0.18em] text-maroon uppercase underline-offset-4 hover:underline"
              >
                {addressCount > 0 ? `Address book (${addressCount})` : "Add address"}
              </Link>
            </div>
            {primaryAddress ? (
              <AddressBlock address={primaryAddress} className="mt-5 border border-linen bg-white p-5" />
            ) : (
              <p className="mt-5 border border-dashed border-linen p-5 text-sm text-stone">
                No address saved yet. Add one to check out faster.
              </p>
            )}
          </section>

          <ProfileEditor profile={profile} state={state} />
        </div>
      </div>
    </div>
  );
}

export function AddressBlock({ address, className }: { address: AddressView; className?: string }) {
  return (
    <address className={`text-sm leading-relaxed text-ink not-italic ${className ?? ""}`}>
      <span className="block font-medium">{address.fullName}</span>
      <span className="block">{address.line1}</span>
      {address.line2 ? <span className="block">{address.line2}</span> : null}
      <span className="block">
        {address.city}, {address.state} {address.pincode}
      </span>
      <span className="block">{address.country}</span>
      <span className="mt-1 block text-stone">{formatPhone(address.phone)}</span>
    </address>
  );
}

function ProfileEditor({ profile, state }: { profile: ProfileValues; state: AccountActionState }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "update-profile";
  const { live, message: error } = useProfileErrors({
    fieldErrors: state.fieldErrors,
    values: state.values,
    error: state.profileError,
  });
  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="font-display text-3xl text-ink">
        Profile
      </h2>
      <div className="mt-5 space-y-3" aria-live="polite">
        {error ? <Notice tone="error">{error}</Notice> : null}
        {state.profileMessage && !error ? <TimedNotice key={state.at} message={state.profileMessage} /> : null}
      </div>
      <Form
        method="post"
        noValidate
        className="mt-5 space-y-6"
        {...live.handlers}
        onSubmit={(event) => {
          if (!live.submit(event.currentTarget)) event.preventDefault();
        }}
      >
        <ProfileFields values={state.values ?? profile} errors={live.errors} />
        <button
          type="submit"
          name="intent"
          value="update-profile"
          className="btn-primary w-full sm:w-auto"
          disabled={busy}
        >
          {busy ? "Saving..." : "Save profile"}
        </button>
      </Form>
    </section>
  );
}

/** A success message ('Profile updated successfully!') that hides itself after 3 s; remount with a new key to show again. */
function TimedNotice({ message }: { message: string }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return visible ? <Notice tone="success">{message}</Notice> : null;
}
