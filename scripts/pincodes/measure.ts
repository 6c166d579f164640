/*
 * What the pincode table costs a server process: heap after the first lookup (the table decoded)
 * and the time of a lookup. `node --expose-gc --import tsx scripts/pincodes/measure.ts`
 */
import { performance } from "node:perf_hooks";
import { lookupPincode, pincodeTableSize } from "../../app/modules/shipping/index.server";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc --import tsx");
const heap = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

const imported = heap();
let started = performance.now();
lookupPincode("110001");
const firstLookup = performance.now() - started;
const decoded = heap();

const pins: string[] = [];
for (let i = 0; i < 100_000; i++) pins.push(String(110000 + Math.floor(Math.random() * 746000)));
let found = 0;
started = performance.now();
for (const pin of pins) found += lookupPincode(pin).length;
const perLookup = ((performance.now() - started) * 1000) / pins.length;

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const size = pincodeTableSize();
console.log(`table text: ${kb(size.textBytes)}; decoded arrays: ${kb(size.decodedBytes)} (${size.entries} entries)`);
console.log(
  `decoded on first lookup: +${kb(decoded - imported)} (first lookup, decoding included: ${firstLookup.toFixed(1)} ms)`,
);
console.log(
  `lookup: ${perLookup.toFixed(2)} µs on average over ${pins.length} random pincodes (${found} places found)`,
);
