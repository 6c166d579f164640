import { describe, expect, it } from "vitest";
import {
  checkStatusChange,
  ORDER_ADMIN_MESSAGES,
  orderListQuery,
  parseOrderListParams,
  statusChoices,
} from "./admin-orders";

const form = (fields: Partial<Record<"status" | "courier" | "trackingNumber" | "reason", string>>) => ({
  status: "",
  courier: "",
  trackingNumber: "",
  reason: "",
  ...fields,
});

describe("the status form's rules", () => {
  it("asks for a status, and for shipped the courier and the tracking number", () => {
    expect(checkStatusChange(form({}))).toEqual({
      ok: false,
      fieldErrors: { status: ORDER_ADMIN_MESSAGES.statusRequired },
    });
    expect(checkStatusChange(form({ status: "shipped", courier: " " }))).toEqual({
      ok: false,
      fieldErrors: {
        courier: ORDER_ADMIN_MESSAGES.courierRequired,
        trackingNumber: ORDER_ADMIN_MESSAGES.trackingRequired,
      },
    });
    expect(checkStatusChange(form({ status: "shipped", courier: " Blue Dart ", trackingNumber: "BD1 " }))).toEqual({
      ok: true,
      change: { status: "shipped", courier: "Blue Dart", trackingNumber: "BD1", note: null },
    });
  });

  it("asks for a reason to cancel, keeps notes short, and never offers 'Awaiting payment'", () => {
    expect(checkStatusChange(form({ status: "cancelled" }))).toMatchObject({
      ok: false,
      fieldErrors: { reason: ORDER_ADMIN_MESSAGES.reasonRequired },
    });
    expect(checkStatusChange(form({ status: "cancelled", reason: "Asked by phone" }))).toEqual({
      ok: true,
      change: { status: "cancelled", reason: "Asked by phone" },
    });
    expect(checkStatusChange(form({ status: "processing", reason: "x".repeat(301) }))).toMatchObject({
      ok: false,
      fieldErrors: { reason: ORDER_ADMIN_MESSAGES.tooLong(300) },
    });
    expect(checkStatusChange(form({ status: "pending_payment" }))).toMatchObject({
      ok: false,
      fieldErrors: { status: ORDER_ADMIN_MESSAGES.statusRequired },
    });
    expect(statusChoices("pending_payment")).toEqual(["cancelled"]);
    expect(statusChoices("shipped")).toContain("completed");
  });
});

describe("the list's address", () => {
  it("reads known filters, real dates (in order) and a sane page, and writes them back", () => {
    const params = parseOrderListParams(
      new URLSearchParams("search=  Asha &status=shipped&payment=cod&from=2026-03-31&to=2026-03-01&page=3"),
    );
    expect(params).toEqual({
      search: "Asha",
      status: "shipped",
      payment: "cod",
      from: "2026-03-01",
      to: "2026-03-31",
      page: 3,
    });
    expect(orderListQuery(params)).toBe("?search=Asha&status=shipped&payment=cod&from=2026-03-01&to=2026-03-31");
    expect(orderListQuery(params, { page: true })).toContain("&page=3");
    expect(parseOrderListParams(new URLSearchParams("status=lost&payment=upi&from=2026-02-30&page=0"))).toEqual({
      search: "",
      status: "",
      payment: "",
      from: "",
      to: "",
      page: 1,
    });
  });
});
