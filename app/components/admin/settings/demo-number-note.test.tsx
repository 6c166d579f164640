import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  DEMO_WHATSAPP_DIGITS,
  DEMO_WHATSAPP_NOTE,
  formatWhatsapp,
  type SettingsFormValues,
} from "~/modules/content/settings-form";
import { SettingsForm } from "./settings-form";
import { SettingsView } from "./settings-view";

/*
 * The demo shop's made-up WhatsApp number is marked as one to replace wherever staff read the
 * settings (the owner's form and everyone else's view), and a shop's own number is not.
 */

const VALUES: SettingsFormValues = {
  storeName: "Saanjh",
  tagline: "Subtle. Serene. Enduring",
  supportEmail: "care@saanjh.example",
  supportPhone: "+91 98765 43210",
  whatsappNumber: formatWhatsapp(DEMO_WHATSAPP_DIGITS),
  instagramUrl: "",
  facebookUrl: "",
  youtubeUrl: "",
  address: "",
  gstin: "",
  shopState: "",
  legalName: "",
  codEnabled: true,
  codFee: "0",
  codMaxOrder: "",
  maxOrder: "500000",
  prepaidDiscountPercent: "0",
  paymentTimeoutMinutes: "30",
  staffSessionHours: "12",
  dispatchDays: "1",
  codConfirmAbove: "",
  codConfirmHours: "24",
  returnWindowDays: "7",
  exchangeWindowDays: "15",
  nonReturnableCategories: [],
  refundsOnlyForFaults: true,
  storeCreditValidityDays: "365",
  storeCreditNeverExpires: false,
  reviewsNeedApproval: false,
  reviewRequestDays: "7",
  reviewRequestsNever: false,
  version: 1,
};

function render(element: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/admin/settings", Component: () => <>{element}</> }]);
  return renderToString(<Stub initialEntries={["/admin/settings"]} />);
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

describe("the demo shop's WhatsApp number in the settings", () => {
  it("is marked as a demo number to replace, in the owner's form and in the view of other staff", () => {
    expect(VALUES.whatsappNumber).toBe("+91 98765 43210");
    for (const html of [
      render(<SettingsForm values={VALUES} states={["Rajasthan"]} categories={[]} />),
      render(<SettingsView values={VALUES} />),
    ]) {
      expect(text(html)).toContain(`Demo ${DEMO_WHATSAPP_NOTE}`);
    }
  });

  it("carries no such mark for the shop's own number, or for none", () => {
    for (const whatsappNumber of ["+91 98123 45678", ""]) {
      const values = { ...VALUES, whatsappNumber };
      for (const html of [
        render(<SettingsForm values={values} states={["Rajasthan"]} categories={[]} />),
        render(<SettingsView values={values} />),
      ]) {
        expect(text(html), whatsappNumber).not.toContain(DEMO_WHATSAPP_NOTE);
      }
    }
  });
});
