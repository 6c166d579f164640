import { describe, expect, it } from "vitest";
import { addWorkingDays, deliveryAnswerSeconds, indiaToday, offlineEstimate, pincodeInAddress } from "./estimate";

const jaipur = { city: "Jaipur", state: "Rajasthan" };

describe("the shop's own delivery estimate", () => {
  it("is quickest within the district, then the state, then metro to metro, then the rest", () => {
    expect(offlineEstimate(jaipur, [jaipur])).toMatchObject({ minDays: 1, maxDays: 2, codAvailable: true });
    expect(offlineEstimate(jaipur, [{ city: "Udaipur", state: "Rajasthan" }])).toMatchObject({
      minDays: 2,
      maxDays: 4,
    });
    expect(
      offlineEstimate({ city: "Mumbai", state: "Maharashtra" }, [{ city: "Bengaluru Urban", state: "Karnataka" }]),
    ).toMatchObject({
      minDays: 2,
      maxDays: 4,
    });
    expect(offlineEstimate(jaipur, [{ city: "Bengaluru Urban", state: "Karnataka" }])).toMatchObject({
      minDays: 3,
      maxDays: 6,
    });
  });

  it("takes longer to the north-east and the islands, where no courier collects cash", () => {
    expect(offlineEstimate(jaipur, [{ city: "Kamrup", state: "Assam" }])).toMatchObject({
      minDays: 5,
      maxDays: 8,
      codAvailable: true,
    });
    expect(offlineEstimate(jaipur, [{ city: "South Andaman", state: "Andaman and Nicobar Islands" }])).toMatchObject({
      serviceable: true,
      codAvailable: false,
    });
  });

  it("does not serve a pincode the table does not know", () => {
    expect(offlineEstimate(jaipur, [])).toEqual({
      serviceable: false,
      codAvailable: false,
      minDays: null,
      maxDays: null,
    });
  });
});

describe("working days", () => {
  it("skips Sundays and never promises one", () => {
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-28"); // Friday -> Saturday
    expect(addWorkingDays("2026-11-28", 1)).toBe("2026-11-30"); // Saturday -> Monday
    expect(addWorkingDays("2026-11-29", 0)).toBe("2026-11-30"); // a Sunday start moves to Monday
  });

  it("counts the day in India, not on the server's clock", () => {
    expect(indiaToday(new Date("2026-11-27T19:00:00Z"))).toBe("2026-11-28"); // 00:30 in India
  });

  it("finds the pincode in the shop's address", () => {
    expect(pincodeInAddress("Saanjh Studio, 14 Chandpole Bazaar, Jaipur, Rajasthan 302001")).toBe("302001");
    expect(pincodeInAddress("Plot 1234567, no pincode")).toBeNull();
  });
});

describe("how long an answer of delivery dates is kept", () => {
  it("is ten minutes, never past midnight in India (18:30 UTC), when every date moves", () => {
    expect(deliveryAnswerSeconds(new Date("2026-11-29T10:00:00Z"))).toBe(600);
    expect(deliveryAnswerSeconds(new Date("2026-11-29T18:25:00Z"))).toBe(300);
    expect(deliveryAnswerSeconds(new Date("2026-11-29T18:29:59.500Z"))).toBe(1);
    expect(deliveryAnswerSeconds(new Date("2026-11-29T18:30:00Z"))).toBe(600);
  });
});
