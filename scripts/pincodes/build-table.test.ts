import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildTable,
  cityOf,
  generate,
  LICENCE_PATH,
  sourceLicence,
  stateOf,
  TABLE_PATH,
  type PostOffice,
} from "./build-table";

const office = (over: Partial<PostOffice>): PostOffice => ({
  name: "Some Office",
  pincode: 110001,
  district: "Central Delhi",
  division: "New Delhi Central",
  state: "Delhi",
  ...over,
});

describe("the pincode table generator", () => {
  it("produces exactly the committed table", { timeout: 30_000 }, () => {
    // a changed rule, package version or codec shows up here: run `npm run pincodes:build` and commit
    expect(generate().text).toBe(readFileSync(TABLE_PATH, "utf8"));
  });

  it("ships the source's licence beside the data", () => {
    expect(readFileSync(LICENCE_PATH, "utf8")).toBe(sourceLicence());
    expect(sourceLicence()).toMatch(/^MIT License/);
  });

  it("writes the same file from the command line", { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "pincodes-"));
    try {
      const out = join(dir, "table.ts");
      execFileSync(process.execPath, ["--import", "tsx", "scripts/pincodes/build-table.ts", "--out", out], {
        stdio: "pipe",
      });
      expect(readFileSync(out, "utf8")).toBe(readFileSync(TABLE_PATH, "utf8"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names states as INDIAN_STATES does, with Ladakh and the merged union territory", () => {
    expect(stateOf(office({ state: "Chattisgarh" }))).toBe("Chhattisgarh");
    expect(stateOf(office({ state: "Pondicherry" }))).toBe("Puducherry");
    expect(stateOf(office({ state: "Andaman & Nicobar" }))).toBe("Andaman and Nicobar Islands");
    expect(stateOf(office({ state: "Jammu & Kashmir", district: "Srinagar" }))).toBe("Jammu and Kashmir");
    expect(stateOf(office({ state: "Jammu & Kashmir", district: "Leh" }))).toBe("Ladakh");
    expect(stateOf(office({ state: "Jammu & Kashmir", district: "Kargil" }))).toBe("Ladakh");
    expect(stateOf(office({ state: "Daman & Diu" }))).toBe("Dadra and Nagar Haveli and Daman and Diu");
    expect(stateOf(office({ state: "Dadra & Nagar Haveli" }))).toBe("Dadra and Nagar Haveli and Daman and Diu");
  });

  it("takes the city from the district as shoppers write it", () => {
    expect(cityOf(office({ division: "New Delhi Central" }), "Delhi")).toBe("New Delhi");
    expect(cityOf(office({ division: "Delhi North", district: "North Delhi" }), "Delhi")).toBe("Delhi");
    expect(cityOf(office({ district: "Bangalore" }), "Karnataka")).toBe("Bengaluru");
    expect(cityOf(office({ district: "Aurangabad(BH)" }), "Bihar")).toBe("Aurangabad");
    expect(cityOf(office({ district: "Bilaspur (HP)" }), "Himachal Pradesh")).toBe("Bilaspur");
    expect(cityOf(office({ district: "Raigarh(MH)" }), "Maharashtra")).toBe("Raigad");
    expect(cityOf(office({ district: "Janjgir-champa" }), "Chhattisgarh")).toBe("Janjgir-Champa");
    expect(cityOf(office({ district: "North And Middle Andaman" }), "Andaman and Nicobar Islands")).toBe(
      "North and Middle Andaman",
    );
    expect(cityOf(office({ district: "Dadra & Nagar Haveli" }), "Dadra and Nagar Haveli and Daman and Diu")).toBe(
      "Dadra and Nagar Haveli",
    );
    expect(cityOf(office({ district: "Pondicherry", division: "Kakinada" }), "Puducherry")).toBe("Yanam");
  });

  it("picks the city most post offices of a pincode are in, and keeps both states of a pincode in two", () => {
    const table = buildTable([
      office({ pincode: 400001, district: "Mumbai", state: "Maharashtra" }),
      office({ pincode: 400001, district: "Mumbai", state: "Maharashtra" }),
      office({ pincode: 400001, district: "Raigarh(MH)", state: "Maharashtra" }),
      office({ pincode: 605007, district: "Cuddalore", state: "Tamil Nadu" }),
      office({ pincode: 605007, district: "Pondicherry", state: "Pondicherry" }),
      office({ pincode: 605007, district: "Pondicherry", state: "Pondicherry" }),
    ]);
    const placeOf = (i: number) => {
      const [city, state] = table.places[table.entries[i]!.place]!;
      return [table.entries[i]!.pincode, city, table.states[state]];
    };
    expect(table.entries.map((_, i) => placeOf(i))).toEqual([
      [400001, "Mumbai", "Maharashtra"],
      [605007, "Puducherry", "Puducherry"],
      [605007, "Cuddalore", "Tamil Nadu"],
    ]);
    expect(table.twoStatePincodes).toEqual([605007]);
  });

  it("refuses a state it cannot name and a malformed pincode", () => {
    expect(() => buildTable([office({ state: "Atlantis" })])).toThrow(/INDIAN_STATES/);
    expect(() => buildTable([office({ pincode: 12345 })])).toThrow(/malformed/);
  });
});
