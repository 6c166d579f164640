import { describe, expect, it } from "vitest";
import { decodeEntries, encodeEntries, type PincodeEntry } from "./pincode-codec.server";

describe("the pincode table's encoding", () => {
  it("gives back what it was given, including repeated pincodes and large numbers", () => {
    const entries: PincodeEntry[] = [
      { pincode: 110001, place: 0 },
      { pincode: 110002, place: 0 },
      { pincode: 110002, place: 700 },
      { pincode: 110003, place: 31 },
      { pincode: 110035, place: 32 },
      { pincode: 855117, place: 65535 },
      { pincode: 999999, place: 1 },
    ];
    const text = encodeEntries(entries);
    expect(text).toMatch(/^[0-9A-Za-z_-]+$/);
    const { pincodes, places } = decodeEntries(text);
    expect([...pincodes]).toEqual(entries.map((e) => e.pincode));
    expect([...places]).toEqual(entries.map((e) => e.place));
  });

  it("round-trips random sorted tables", () => {
    for (let round = 0; round < 20; round++) {
      const entries: PincodeEntry[] = [];
      let pincode = 100000;
      for (let i = 0; i < 500; i++) {
        pincode += Math.floor(Math.random() * 3000) * (Math.random() < 0.1 ? 0 : 1);
        entries.push({ pincode, place: Math.floor(Math.random() * 2000) });
      }
      const decoded = decodeEntries(encodeEntries(entries));
      expect([...decoded.pincodes]).toEqual(entries.map((e) => e.pincode));
      expect([...decoded.places]).toEqual(entries.map((e) => e.place));
    }
  });

  it("writes a run of neighbouring pincodes of one place in one character each", () => {
    const run = Array.from({ length: 10 }, (_, i) => ({ pincode: 400001 + i, place: 3 }));
    // the first entry: its pincode and its place; the nine others: one character each
    expect(encodeEntries(run).length).toBe(encodeEntries(run.slice(0, 1)).length + 9);
  });

  it("refuses unsorted input and damaged text", () => {
    expect(() =>
      encodeEntries([
        { pincode: 2, place: 0 },
        { pincode: 1, place: 0 },
      ]),
    ).toThrow(/sorted/);
    expect(() => encodeEntries([{ pincode: 1, place: -1 }])).toThrow();
    expect(() => decodeEntries("1!")).toThrow(/bad character/);
    expect(() => decodeEntries("Z")).toThrow(/bad character/);
    expect(() => decodeEntries("A")).toThrow(/no place/);
  });
});
