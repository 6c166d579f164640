import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { SettingsFormValues } from "~/modules/content/settings-form";
import type { CategoryTaxView } from "~/modules/invoices/tax-form";
import { TaxRates } from "../tax/tax-rates";
import { SettingsForm } from "./settings-form";
import { SettingsView } from "./settings-view";

/*
 * The owners' screens as staff who are not owners see them: every value, a plain sentence saying
 * only an owner changes them, and nothing to press that would pretend to save.
 */

const VALUES: SettingsFormValues = {
  storeName: "Saanjh",
  tagline: "Ethnic wear for every evening",
  supportEmail: "care@saanjh.example",
  supportPhone: "+91 98765 43210",
  whatsappNumber: "",
  instagramUrl: "https://www.instagram.com/saanjh",
  facebookUrl: "",
  youtubeUrl: "",
  address: "12 Johari Bazaar\nJaipur 302003",
  gstin: "08ABCDE1234F1Z5",
  shopState: "Rajasthan",
  legalName: "",
  codEnabled: true,
  codFee: "49",
  codMaxOrder: "",
  maxOrder: "500000",
  prepaidDiscountPercent: "5",
  paymentTimeoutMinutes: "30",
  staffSessionHours: "12",
  dispatchDays: "2",
  codConfirmAbove: "3000",
  codConfirmHours: "36",
  returnWindowDays: "7",
  exchangeWindowDays: "10",
  nonReturnableCategories: ["jewellery"],
  refundsOnlyForFaults: true,
  storeCreditValidityDays: "365",
  storeCreditNeverExpires: false,
  reviewsNeedApproval: false,
  reviewRequestDays: "7",
  reviewRequestsNever: false,
  version: 1,
};

const CATEGORIES = [
  { slug: "kurtas", name: "Kurtas" },
  { slug: "jewellery", name: "Jewellery" },
];

const KURTAS: CategoryTaxView = {
  slug: "kurtas",
  name: "Kurtas",
  current: {
    categorySlug: "kurtas",
    effectiveFrom: "2025-09-22",
    hsnCode: "6204",
    rateBp: 500,
    upperRateBp: 1800,
    thresholdPaise: 250_000,
  },
  scheduled: [
    {
      categorySlug: "kurtas",
      effectiveFrom: "2027-04-01",
      hsnCode: "6204",
      rateBp: 500,
      upperRateBp: 1800,
      thresholdPaise: 300_000,
    },
  ],
  past: [],
};

function render(element: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/admin/settings", Component: () => <>{element}</> }]);
  return renderToString(<Stub initialEntries={["/admin/settings"]} />);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the store settings for staff who are not owners", () => {
  const html = render(<SettingsView values={VALUES} categories={CATEGORIES} />);

  it("shows every value as text with a sentence saying only an owner changes them", () => {
    const shown = text(html);
    expect(shown).toContain("Only an owner can change the store settings.");
    for (const value of [
      "Saanjh",
      "care@saanjh.example",
      "08ABCDE1234F1Z5",
      "Rajasthan (GST state code 08)",
      "Offered at checkout",
      "₹49",
      "No maximum",
      "₹5,00,000",
      "30 minutes",
      "12 hours",
      "Shipping & delivery",
      "2 working days",
      "₹3,000",
      "36 hours",
      "Returns and exchanges",
      "10 days",
      "7 days",
      "Jewellery",
      "Only for damaged or wrong pieces",
      "365 days",
    ]) {
      expect(shown, value).toContain(value);
    }
  });

  it("has no form, field or save button", () => {
    expect(html).not.toMatch(/<form|<input|<select|<textarea|<button/);
    expect(text(html)).not.toContain("Save settings");
  });

  it("is the form, with its save button, for an owner", () => {
    const form = render(<SettingsForm values={VALUES} states={["Rajasthan"]} categories={CATEGORIES} />);
    expect(text(form)).toContain("Save settings");
    // the shipping and delivery card's fields, with what is stored
    expect(text(form)).toContain("Shipping & delivery");
    for (const [label, value] of [
      ["Dispatch days", "2"],
      ["Ask cash-on-delivery shoppers to confirm orders above ₹", "3000"],
      ["Flag unconfirmed orders after (hours)", "36"],
    ] as const) {
      const id = new RegExp(`<label for="([^"]+)"[^>]*>${label.replace(/[()]/g, "\\$&")}`).exec(form)?.[1];
      expect(id, label).toBeTruthy();
      expect(form, label).toMatch(new RegExp(`id="${id}"[^>]*value="${value}"|value="${value}"[^>]*id="${id}"`));
    }
    expect(text(form)).not.toContain("Only an owner can change");
    // the returns card: a checkbox per category, the marked one ticked
    expect(text(form)).toContain("Returns and exchanges");
    expect(form).toMatch(/<input[^>]*value="jewellery"[^>]*checked=""|<input[^>]*checked=""[^>]*value="jewellery"/);
    expect(form).not.toMatch(/<input[^>]*value="kurtas"[^>]*checked=""|<input[^>]*checked=""[^>]*value="kurtas"/);
  });
});

describe("the GST rates for staff who are not owners", () => {
  const props = {
    today: "2026-11-24",
    categories: [KURTAS],
    invoicing: { gstin: VALUES.gstin, shopState: VALUES.shopState },
    answer: undefined,
  };

  it("shows the rates and the scheduled change with the sentence, without the forms to change or cancel them", () => {
    const html = render(<TaxRates {...props} canChange={false} />);
    const shown = text(html);
    expect(shown).toContain("Only an owner can change the GST rates.");
    expect(shown).toContain("Kurtas");
    expect(shown).toMatch(/from 1 Apr 2027/);
    expect(html).not.toMatch(/<form|<input|<button/);
    expect(shown).not.toContain("Change rate");
    expect(shown).not.toContain("Cancel change");
  });

  it("keeps both for an owner", () => {
    const shown = text(render(<TaxRates {...props} canChange />));
    expect(shown).toContain("Change rate");
    expect(shown).toContain("Cancel change");
    expect(shown).not.toContain("Only an owner can change");
  });
});
