import { Link } from "react-router";
import { GST_STATE_CODES } from "~/modules/content";
import { isDemoWhatsapp, SETTINGS_MESSAGES, type SettingsFormValues } from "~/modules/content";
import { DemoNumberNote } from "./demo-number-note";
import { formatPrice } from "~/modules/pricing";
import { SettingsCard } from "./settings-card";
import { categoryChoices, type ShopCategory } from "./returns-card";

/*
 * The Settings tab for staff who are not owners: the same groups as the form, as text. Only an owner
 * changes them (the server refuses anyone else's save), so there is nothing here to press.
 */

/** A stored rupee amount ('1499', '49.50') as people read it; `empty` when there is none. */
function rupees(text: string, empty: string): string {
  return text === "" ? empty : formatPrice(Math.round(Number(text) * 100));
}

function Row({ label, value, empty = "Not set" }: { label: string; value: string; empty?: string }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-xs font-medium tracking-[0.18em] text-stone uppercase">{label}</dt>
      <dd className={`min-w-0 text-sm break-words whitespace-pre-line ${value ? "text-ink" : "text-stone"}`}>
        {value || empty}
      </dd>
    </div>
  );
}

function Rows({ children }: { children: React.ReactNode }) {
  return <dl className="grid gap-4">{children}</dl>;
}

const days = (text: string) => `${text} ${text === "1" ? "day" : "days"}`;

/** The returns and exchanges group: the windows, the categories that cannot be returned, refunds, store credit. */
function ReturnsView({ values, categories }: { values: SettingsFormValues; categories: readonly ShopCategory[] }) {
  const marked = new Set(values.nonReturnableCategories);
  const nonReturnable = categoryChoices(categories, values.nonReturnableCategories)
    .filter((c) => marked.has(c.slug))
    .map((c) => c.name)
    .join(", ");
  return (
    <SettingsCard title="Returns and exchanges" description="Counted from delivery.">
      <Rows>
        <Row label="Exchange window" value={days(values.exchangeWindowDays)} />
        <Row label="Return window" value={days(values.returnWindowDays)} />
        <Row label="Cannot be returned" value={nonReturnable} empty="Every category can be returned" />
        <Row
          label="Refund to the payment"
          value={values.refundsOnlyForFaults ? "Only for damaged or wrong pieces" : "For any accepted return"}
        />
        <Row
          label="Store credit lasts"
          value={values.storeCreditNeverExpires ? "Never expires" : days(values.storeCreditValidityDays)}
        />
      </Rows>
    </SettingsCard>
  );
}

/** The reviews group: approval first or not, and when buyers are asked for a review. */
function ReviewsView({ values }: { values: SettingsFormValues }) {
  return (
    <SettingsCard title="Reviews" description="Only buyers who received a piece can review it.">
      <Rows>
        <Row label="Publish reviews" value={values.reviewsNeedApproval ? "After approval" : "At once"} />
        <Row
          label="Ask buyers for a review"
          value={values.reviewRequestsNever ? "Never" : `${days(values.reviewRequestDays)} after delivery`}
        />
      </Rows>
    </SettingsCard>
  );
}

export function SettingsView({
  values,
  categories = [],
}: {
  values: SettingsFormValues;
  categories?: readonly ShopCategory[];
}) {
  const stateCode = GST_STATE_CODES[values.shopState]?.[0];
  return (
    <div>
      <div>
        <p className="eyebrow">Shop</p>
        <h1 className="mt-1 font-display text-4xl leading-none text-ink sm:text-5xl">Settings</h1>
      </div>
      <p role="note" className="mt-6 max-w-3xl border border-linen bg-sand px-4 py-3 text-sm text-ink">
        {SETTINGS_MESSAGES.ownersOnly} You can read them here.
      </p>

      <div className="mt-6 grid gap-5 lg:grid-cols-2 lg:items-start">
        <SettingsCard title="Store" description="The name and line shown in the header, footer and page titles.">
          <Rows>
            <Row label="Store name" value={values.storeName} />
            <Row label="Tagline" value={values.tagline} />
            <Row label="Registered legal name" value={values.legalName} empty="The store name" />
          </Rows>
        </SettingsCard>

        <SettingsCard title="Contact" description="Shown in the footer and on the About page.">
          <Rows>
            <Row label="Contact e-mail" value={values.supportEmail} />
            <Row label="Contact phone" value={values.supportPhone} />
            <Row label="WhatsApp number" value={values.whatsappNumber} empty="Not shown" />
            <Row label="Address" value={values.address} />
          </Rows>
          {isDemoWhatsapp(values.whatsappNumber) ? <DemoNumberNote /> : null}
        </SettingsCard>

        <SettingsCard title="Social links">
          <Rows>
            <Row label="Instagram" value={values.instagramUrl} empty="Not shown" />
            <Row label="Facebook" value={values.facebookUrl} empty="Not shown" />
            <Row label="YouTube" value={values.youtubeUrl} empty="Not shown" />
          </Rows>
        </SettingsCard>

        <SettingsCard
          title="GST"
          description="Printed on tax invoices."
          aside={
            <Link
              to="/admin/settings/tax"
              className="text-sm font-medium text-ink underline underline-offset-4 hover:text-maroon"
            >
              GST rates by category
            </Link>
          }
        >
          <Rows>
            <Row
              label="Shop's state"
              value={values.shopState ? `${values.shopState}${stateCode ? ` (GST state code ${stateCode})` : ""}` : ""}
            />
            <Row label="GSTIN" value={values.gstin} empty="Not registered: no tax invoices are issued" />
          </Rows>
        </SettingsCard>

        <SettingsCard title="Payments" description="Read by the checkout on every order.">
          <Rows>
            <Row label="Cash on delivery" value={values.codEnabled ? "Offered at checkout" : "Not offered"} />
            <Row label="COD fee" value={rupees(values.codFee === "0" ? "" : values.codFee, "None")} />
            <Row label="COD maximum order" value={rupees(values.codMaxOrder, "No maximum")} />
            <Row label="Prepaid discount" value={`${values.prepaidDiscountPercent}%`} />
            <Row label="Payment timeout" value={`${values.paymentTimeoutMinutes} minutes`} />
            <Row label="Maximum order" value={rupees(values.maxOrder, "No maximum")} />
          </Rows>
        </SettingsCard>

        <SettingsCard
          title="Shipping & delivery"
          description="Delivery dates shown to shoppers, and checks on cash-on-delivery orders."
        >
          <Rows>
            <Row
              label="Dispatch days"
              value={`${values.dispatchDays} working ${values.dispatchDays === "1" ? "day" : "days"}`}
            />
            <Row label="COD shoppers confirm orders above" value={rupees(values.codConfirmAbove, "Never asked")} />
            <Row
              label="Unconfirmed orders flagged after"
              value={`${values.codConfirmHours} ${values.codConfirmHours === "1" ? "hour" : "hours"}`}
            />
          </Rows>
        </SettingsCard>

        <ReturnsView values={values} categories={categories} />
        <ReviewsView values={values} />

        <SettingsCard title="Back office">
          <Rows>
            <Row label="Staff session length" value={`${values.staffSessionHours} hours`} />
          </Rows>
        </SettingsCard>
      </div>
    </div>
  );
}
