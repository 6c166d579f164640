import { afterEach, describe, expect, it, vi } from "vitest";
import { DELIVERY_MESSAGES, DELIVERY_PINCODE_KEY, type DeliveryAnswer } from "~/modules/shipping";
import {
  askDelivery,
  COD_SWITCH_NOTICE,
  codClosedAt,
  pincodeOf,
  readDeliveryReply,
  rememberedPincode,
  rememberPincode,
} from "./delivery-reply";

const JAIPUR: DeliveryAnswer = {
  pincode: "302001",
  serviceable: true,
  codAvailable: true,
  earliest: "2026-11-28",
  latest: "2026-11-29",
  source: "table",
};
const PORT_BLAIR: DeliveryAnswer = { ...JAIPUR, pincode: "744101", codAvailable: false };
const NOWHERE: DeliveryAnswer = {
  ...JAIPUR,
  pincode: "999999",
  serviceable: false,
  codAvailable: false,
  earliest: null,
  latest: null,
};

describe("readDeliveryReply", () => {
  it("turns an answer into the line the shopper reads", () => {
    expect(readDeliveryReply("302001", 200, JAIPUR)).toEqual({
      kind: "answer",
      pincode: "302001",
      answer: JAIPUR,
      line: "Delivery by Sun, 29 Nov · Cash on delivery available",
    });
    expect(readDeliveryReply("744101", 200, PORT_BLAIR).line).toBe(
      "Delivery by Sun, 29 Nov · Cash on delivery not available",
    );
    expect(readDeliveryReply("999999", 200, NOWHERE).line).toBe("We do not deliver to 999999 yet");
  });

  it("shows the server's own message for a refused pincode", () => {
    expect(readDeliveryReply("12345", 400, { error: "Please enter a valid 6-digit pincode" })).toEqual({
      kind: "error",
      pincode: "12345",
      line: "Please enter a valid 6-digit pincode",
    });
  });

  it("says it could not check on anything else", () => {
    for (const [status, body] of [
      [500, { error: "boom" }],
      [200, { hello: "world" }],
      [200, null],
      [400, { error: "" }],
      [404, "Not found"],
    ] as const) {
      expect(readDeliveryReply("302001", status, body)).toEqual({
        kind: "error",
        pincode: "302001",
        line: DELIVERY_MESSAGES.failed,
      });
    }
  });
});

describe("pincodeOf", () => {
  it("takes six digits, spaces left out, and answers anything else at once", () => {
    expect(pincodeOf("411 001")).toEqual({ pincode: "411001" });
    for (const raw of ["", "12345", "012345", "41100a"]) {
      expect(pincodeOf(raw)).toEqual({ kind: "error", pincode: raw, line: DELIVERY_MESSAGES.invalid });
    }
  });
});

describe("askDelivery", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the route for the pincode and reads its answer", async () => {
    const fetch = vi.fn(async () => Response.json(PORT_BLAIR));
    vi.stubGlobal("fetch", fetch);
    const result = await askDelivery("744101");
    expect(fetch).toHaveBeenCalledWith("/api/delivery/744101", expect.objectContaining({ headers: expect.anything() }));
    expect(result.line).toBe("Delivery by Sun, 29 Nov · Cash on delivery not available");
  });

  it("answers a network failure with the polite message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await askDelivery("302001")).toEqual({ kind: "error", pincode: "302001", line: DELIVERY_MESSAGES.failed });
  });

  it("gives up quietly when a newer question aborted it", async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        controller.abort();
        throw new DOMException("aborted", "AbortError");
      }),
    );
    await expect(askDelivery("302001", controller.signal)).rejects.toThrow("aborted");
  });
});

describe("cash on delivery at the checkout", () => {
  const answer = (a: DeliveryAnswer) => readDeliveryReply(a.pincode, 200, a);

  it("is closed only by an answer for the pincode in the field that says so", () => {
    expect(codClosedAt(answer(PORT_BLAIR), "744101")).toBe(true);
    expect(codClosedAt(answer(NOWHERE), "999999")).toBe(true);
    expect(codClosedAt(answer(PORT_BLAIR), "744102")).toBe(false);
    expect(codClosedAt(answer(JAIPUR), "302001")).toBe(false);
    expect(codClosedAt(readDeliveryReply("744101", 500, null), "744101")).toBe(false);
    expect(codClosedAt(null, "744101")).toBe(false);
  });

  it("tells the shopper her payment moved to Pay online", () => {
    expect(COD_SWITCH_NOTICE).toBe("We have switched your payment to Pay online.");
  });
});

describe("the remembered pincode", () => {
  it("keeps a pincode and gives back only a well-formed one", () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    expect(rememberedPincode(storage)).toBeNull();
    rememberPincode("560038", storage);
    expect(kept.get(DELIVERY_PINCODE_KEY)).toBe("560038");
    expect(rememberedPincode(storage)).toBe("560038");
    kept.set(DELIVERY_PINCODE_KEY, "abc");
    expect(rememberedPincode(storage)).toBeNull();
  });

  it("does without storage that refuses", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(rememberedPincode(refusing)).toBeNull();
    expect(() => rememberPincode("560038", refusing)).not.toThrow();
  });
});
