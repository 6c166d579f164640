import { describe, expect, it } from "vitest";
import {
  checkSettingsForm,
  settingsFormValuesOf,
  settingsValuesSchema,
  type SettingsFormValues,
} from "./settings-form";
import { DEFAULT_STORE_SETTINGS } from "./settings.server";

/*
 * The settings form's shipping and delivery card, as the browser and the server read it: dispatch
 * days, the total above which a cash-on-delivery shopper confirms the order (empty: never asked) and
 * the hours after which an unconfirmed order is flagged for staff.
 */

const stored: SettingsFormValues = settingsFormValuesOf({ ...DEFAULT_STORE_SETTINGS, version: 3 });

describe("the shipping and delivery settings", () => {
  it("show the stored defaults: 1 dispatch day, never asked, flagged after 24 hours", () => {
    expect(stored).toMatchObject({ dispatchDays: "1", codConfirmAbove: "", codConfirmHours: "24", version: 3 });
    expect(checkSettingsForm(stored)).toMatchObject({
      ok: true,
      draft: { dispatchDays: 1, codConfirmAbovePaise: null, codConfirmHours: 24 },
    });
  });

  it("read rupees into paise, and whole days and hours at the edges of their ranges", () => {
    expect(
      checkSettingsForm({ ...stored, dispatchDays: "0", codConfirmAbove: "₹ 2,500", codConfirmHours: "168" }),
    ).toMatchObject({ ok: true, draft: { dispatchDays: 0, codConfirmAbovePaise: 250_000, codConfirmHours: 168 } });
    expect(
      checkSettingsForm({ ...stored, dispatchDays: "30", codConfirmAbove: "0", codConfirmHours: "1" }),
    ).toMatchObject({ ok: true, draft: { dispatchDays: 30, codConfirmAbovePaise: 0, codConfirmHours: 1 } });
  });

  it("refuse what is out of range with a message on the field, the others untouched", () => {
    const result = checkSettingsForm({
      ...stored,
      dispatchDays: "31",
      codConfirmAbove: "three thousand",
      codConfirmHours: "0",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        dispatchDays: "Enter whole working days from 0 to 30",
        codConfirmAbove: "Enter an amount in rupees, like 3000, or leave it empty to never ask",
        codConfirmHours: "Enter whole hours from 1 to 168 (7 days)",
      },
    });
    expect(checkSettingsForm({ ...stored, codConfirmAbove: "10000000.01" })).toEqual({
      ok: false,
      fieldErrors: { codConfirmAbove: "The amount can be at most ₹1,00,00,000" },
    });
  });

  it("are part of what the editor must send", () => {
    const { codConfirmHours: _gone, ...rest } = stored;
    expect(settingsValuesSchema.safeParse(rest).success).toBe(false);
    expect(settingsValuesSchema.safeParse(stored).success).toBe(true);
  });
});
