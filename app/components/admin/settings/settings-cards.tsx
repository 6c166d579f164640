import { Link } from "react-router";
import { Select, TextArea, TextInput } from "~/components/admin/products/fields";
import type { BoundText } from "~/components/admin/use-editor-messages";
import { GST_STATE_CODES, isDemoWhatsapp, type SettingsField } from "~/modules/content";
import { DemoNumberNote } from "./demo-number-note";
import { SettingsCard as Card } from "./settings-card";

/*
 * The cards of the settings form, in the order the page shows them. The form holds every value;
 * each card gets the form's `text(field)` for its fields and whatever else it shows.
 */

export type SettingsTextField = Exclude<
  SettingsField,
  | "codEnabled"
  | "nonReturnableCategories"
  | "refundsOnlyForFaults"
  | "storeCreditNeverExpires"
  | "reviewsNeedApproval"
  | "reviewRequestsNever"
>;
type Bind = (field: SettingsTextField) => BoundText;

/** The store's name, tagline and registered legal name. */
export function StoreCard({ text }: { text: Bind }) {
  return (
    <Card title="Store" description="The name and line shown in the header, footer and page titles.">
      <TextInput label="Store name" required autoComplete="organization" maxLength={120} {...text("storeName")} />
      <TextInput label="Tagline" autoComplete="off" maxLength={240} {...text("tagline")} />
      <TextInput
        label="Registered legal name"
        autoComplete="off"
        maxLength={240}
        hint="As registered for GST, printed on tax invoices; empty: the store name"
        {...text("legalName")}
      />
    </Card>
  );
}

/** E-mail, phone, WhatsApp (with a note when it is the demo number) and the address. */
export function ContactCard({ text, whatsappNumber }: { text: Bind; whatsappNumber: string }) {
  return (
    <Card title="Contact" description="Shown in the footer and on the About page.">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput label="Contact e-mail" type="email" autoComplete="email" {...text("supportEmail")} />
        <TextInput
          label="Contact phone"
          type="tel"
          autoComplete="tel"
          hint="e.g. +91 98765 43210"
          {...text("supportPhone")}
        />
      </div>
      <TextInput
        label="WhatsApp number"
        type="tel"
        autoComplete="off"
        hint="The ‘Chat on WhatsApp’ button of product pages; empty hides it"
        {...text("whatsappNumber")}
      />
      {isDemoWhatsapp(whatsappNumber) ? <DemoNumberNote /> : null}
      <TextArea label="Address" rows={2} maxLength={600} {...text("address")} />
    </Card>
  );
}

/** Instagram, Facebook and YouTube addresses. */
export function SocialLinksCard({ text }: { text: Bind }) {
  return (
    <Card title="Social links" description="Full https addresses; empty hides the icon.">
      <TextInput
        label="Instagram"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.instagram.com/yourshop"
        {...text("instagramUrl")}
      />
      <TextInput
        label="Facebook"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.facebook.com/yourshop"
        {...text("facebookUrl")}
      />
      <TextInput
        label="YouTube"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.youtube.com/@yourshop"
        {...text("youtubeUrl")}
      />
    </Card>
  );
}

/** The shop's state (its GST state code) and GSTIN, with a link to the rates by category. */
export function GstCard({
  text,
  states,
  shopState,
  storedGstin,
}: {
  text: Bind;
  states: readonly string[];
  shopState: string;
  storedGstin: string;
}) {
  const stateCode = GST_STATE_CODES[shopState]?.[0];
  return (
    <Card
      title="GST"
      description="Printed on tax invoices. A billing address in the shop's state pays CGST + SGST, others IGST."
      aside={
        <Link
          to="/admin/settings/tax"
          className="text-sm font-medium text-ink underline underline-offset-4 hover:text-maroon"
        >
          GST rates by category
        </Link>
      }
    >
      <Select
        label="Shop's state"
        hint={stateCode ? `GST state code ${stateCode}` : "Where the shop is registered"}
        {...text("shopState")}
      >
        <option value="">Not set</option>
        {states.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <TextInput
        label="GSTIN"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        className="[&_input]:font-medium [&_input]:tracking-[0.12em] [&_input]:uppercase"
        hint={
          storedGstin
            ? "15 characters; can be corrected, not removed"
            : `15 characters${stateCode ? `, starting ${stateCode}` : ""}; empty until the shop is registered`
        }
        {...text("gstin")}
      />
    </Card>
  );
}

/** Cash on delivery and its fee and maximum, the prepaid discount, the payment timeout, the largest order. */
export function PaymentsCard({
  text,
  codEnabled,
  onCod,
}: {
  text: Bind;
  codEnabled: boolean;
  onCod: (enabled: boolean) => void;
}) {
  return (
    <Card title="Payments" description="Read by the checkout on every order.">
      <label className="flex cursor-pointer items-start gap-3 border border-linen bg-white p-3.5 text-sm">
        <input
          type="checkbox"
          checked={codEnabled}
          onChange={(e) => onCod(e.target.checked)}
          className="mt-0.5 h-4 w-4 accent-maroon"
        />
        <span>
          <span className="font-medium text-ink">Cash on delivery</span>
          <span className="block text-xs text-stone">Offer payment on delivery at checkout.</span>
        </span>
      </label>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label="COD fee"
          prefix="₹"
          inputMode="decimal"
          autoComplete="off"
          hint="Added to orders paid on delivery; 0 for none"
          {...text("codFee")}
        />
        <TextInput
          label="COD maximum order"
          prefix="₹"
          inputMode="decimal"
          autoComplete="off"
          hint="Largest total payable on delivery; empty for no maximum"
          {...text("codMaxOrder")}
        />
        <TextInput
          label="Prepaid discount (%)"
          inputMode="numeric"
          autoComplete="off"
          hint="Off online payments, 0 to 50"
          {...text("prepaidDiscountPercent")}
        />
        <TextInput
          label="Payment timeout (minutes)"
          inputMode="numeric"
          autoComplete="off"
          hint="An unpaid online order gives its pieces back after this; 5 to 1440"
          {...text("paymentTimeoutMinutes")}
        />
        <TextInput
          label="Maximum order"
          prefix="₹"
          inputMode="decimal"
          autoComplete="off"
          hint="The most one order's pieces may come to, however paid; up to ₹1,00,00,000"
          {...text("maxOrder")}
        />
      </div>
    </Card>
  );
}

/** Dispatch days (added to couriers' estimates), and when cash-on-delivery shoppers must confirm their orders. */
export function DeliveryCard({ text }: { text: Bind }) {
  return (
    <Card
      title="Shipping & delivery"
      description="Delivery dates shown to shoppers, and checks on cash-on-delivery orders."
    >
      <TextInput
        label="Dispatch days"
        inputMode="numeric"
        autoComplete="off"
        hint="Working days from an order to its dispatch, added to the courier's delivery estimate; 0 to 30"
        className="sm:max-w-xs"
        {...text("dispatchDays")}
      />
      <TextInput
        label="Ask cash-on-delivery shoppers to confirm orders above ₹"
        inputMode="decimal"
        autoComplete="off"
        placeholder="Never"
        hint="Such an order waits for the shopper's confirmation before it ships; empty: never asked"
        {...text("codConfirmAbove")}
      />
      <TextInput
        label="Flag unconfirmed orders after (hours)"
        inputMode="numeric"
        autoComplete="off"
        hint="An order still unconfirmed this long is flagged for staff; 1 to 168"
        className="sm:max-w-xs"
        {...text("codConfirmHours")}
      />
    </Card>
  );
}

/** How long staff stay signed in. */
export function BackOfficeCard({ text }: { text: Bind }) {
  return (
    <Card title="Back office">
      <TextInput
        label="Staff session length (hours)"
        inputMode="numeric"
        autoComplete="off"
        hint="Staff are signed out after this long without activity; 1 to 168"
        className="sm:max-w-xs"
        {...text("staffSessionHours")}
      />
    </Card>
  );
}
