import type { CourierScan } from "../provider-contract.server";
import type { ShipmentStatus } from "../states";

/*
 * Shiprocket's words for where a parcel is, in the shop's terms (pure; browser and server). Decision 041.
 *
 * Shiprocket numbers its statuses ('sr-status' on a scan, `current_status_id` on a webhook) and names
 * them ('sr-status-label', `current_status`). The number decides when Shiprocket sends one; the name
 * (upper-cased) when it does not. Statuses that say nothing about the parcel's progress (a pickup
 * error, a delay, a misroute) map to null: the scan is kept for the timeline and changes nothing, and
 * so does any return-to-origin status the table does not know, so it can never read as a delivery.
 *
 * Shiprocket writes times in India time without a zone, as '2026-11-28 14:31:00' (scans, pickups,
 * estimates), '28 11 2026 14:31:00' (a webhook's `current_timestamp`) and dates as 'Nov 30, 2026'
 * (serviceability's `etd`).
 */

export interface ShiprocketStatusEntry {
  code: number;
  /** Shiprocket's names for it, upper-case; the first is the one it sends today */
  labels: readonly string[];
  status: ShipmentStatus | null;
}

export const SHIPROCKET_STATUSES: readonly ShiprocketStatusEntry[] = [
  { code: 6, labels: ["SHIPPED"], status: "in_transit" },
  { code: 7, labels: ["DELIVERED"], status: "delivered" },
  { code: 8, labels: ["CANCELED", "CANCELLED"], status: "cancelled" },
  { code: 9, labels: ["RTO INITIATED"], status: "rto_initiated" },
  { code: 10, labels: ["RTO DELIVERED"], status: "rto_delivered" },
  { code: 12, labels: ["LOST"], status: "lost" },
  { code: 13, labels: ["PICKUP ERROR"], status: null },
  { code: 14, labels: ["RTO ACKNOWLEDGED"], status: "rto_delivered" },
  { code: 15, labels: ["PICKUP RESCHEDULED"], status: null },
  { code: 16, labels: ["CANCELLATION REQUESTED"], status: null },
  { code: 17, labels: ["OUT FOR DELIVERY"], status: "out_for_delivery" },
  { code: 18, labels: ["IN TRANSIT"], status: "in_transit" },
  { code: 19, labels: ["OUT FOR PICKUP"], status: "pickup_scheduled" },
  { code: 20, labels: ["PICKUP EXCEPTION"], status: null },
  { code: 21, labels: ["UNDELIVERED"], status: "delivery_failed" },
  { code: 22, labels: ["DELAYED"], status: null },
  { code: 24, labels: ["DESTROYED"], status: "lost" },
  { code: 38, labels: ["REACHED AT DESTINATION HUB"], status: "in_transit" },
  { code: 39, labels: ["MISROUTED"], status: null },
  { code: 40, labels: ["RTO NDR"], status: null },
  { code: 41, labels: ["RTO OFD"], status: null },
  { code: 42, labels: ["PICKED UP"], status: "picked_up" },
  { code: 45, labels: ["CANCELLED BEFORE DISPATCHED"], status: "cancelled" },
  { code: 46, labels: ["RTO IN TRANSIT"], status: "rto_initiated" },
  { code: 48, labels: ["REACHED WAREHOUSE"], status: "in_transit" },
  { code: 51, labels: ["HANDOVER TO COURIER"], status: "picked_up" },
  { code: 52, labels: ["SHIPMENT BOOKED"], status: "awb_assigned" },
  { code: 77, labels: ["ISSUE RELATED TO THE RECIPIENT"], status: "delivery_failed" },
];

const BY_CODE = new Map(SHIPROCKET_STATUSES.map((entry) => [entry.code, entry]));
const BY_LABEL = new Map(SHIPROCKET_STATUSES.flatMap((entry) => entry.labels.map((label) => [label, entry] as const)));

/** A status number as Shiprocket sends it (17, "17", " 17 "); null for anything else ("", "NA"). */
function codeOf(code: unknown): number | null {
  if (typeof code === "number") return Number.isInteger(code) ? code : null;
  if (typeof code === "string" && /^\s*\d{1,4}\s*$/.test(code)) return Number(code);
  return null;
}

const labelOf = (label: unknown): string =>
  typeof label === "string"
    ? label
        .trim()
        .replace(/[\s_]+/g, " ")
        .toUpperCase()
    : "";

/** The table's entry for a status: by its number first, by its name when the number is unknown. */
export function shiprocketStatusEntry(code: unknown, label?: unknown): ShiprocketStatusEntry | null {
  const number = codeOf(code);
  return (number === null ? undefined : BY_CODE.get(number)) ?? BY_LABEL.get(labelOf(label)) ?? null;
}

/** What a Shiprocket status means for a shipment; null when it changes nothing or is unknown. */
export function shiprocketStatus(code: unknown, label?: unknown): ShipmentStatus | null {
  return shiprocketStatusEntry(code, label)?.status ?? null;
}

// ---- times

const INDIA_OFFSET_MS = 330 * 60_000;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The parts of a calendar date and time, or null when they name no real one (31 Feb, 25:00). */
function checked(y: number, m: number, d: number, h = 0, min = 0, s = 0): number | null {
  const utc = Date.UTC(y, m - 1, d, h, min, s);
  const back = new Date(utc);
  const same =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === m - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === min &&
    back.getUTCSeconds() === s;
  return same ? utc : null;
}

const YMD_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const DMY_TIME = /^(\d{1,2})[ /-](\d{1,2})[ /-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A Shiprocket time (India time, no zone) as an instant: '2026-11-28 14:31:00', '2026-11-28 14:31',
 * '28 11 2026 14:31:00' (day month year), or a date alone (its midnight). Null for anything else.
 */
export function parseIndiaTime(text: unknown): Date | null {
  if (typeof text !== "string") return null;
  const value = text.trim();
  let parts: number[] | null = null;
  const ymd = YMD_TIME.exec(value);
  if (ymd) parts = [ymd[1], ymd[2], ymd[3], ymd[4], ymd[5], ymd[6]].map((p) => Number(p ?? 0));
  const dmy = ymd ? null : DMY_TIME.exec(value);
  if (dmy) parts = [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]].map((p) => Number(p ?? 0));
  if (!parts) return null;
  const [y, m, d, h, min, s] = parts as [number, number, number, number, number, number];
  const utc = checked(y, m, d, h, min, s);
  return utc === null ? null : new Date(utc - INDIA_OFFSET_MS);
}

const NAMED_DATE = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/;
const DAY_NAMED = /^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4})$/;

function monthNumber(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
}

/**
 * The day (YYYY-MM-DD) a Shiprocket date names: 'Nov 30, 2026', '30 Nov 2026', '2026-11-30' or
 * '2026-11-30 10:00:00' (its India day). Null for anything else.
 */
export function shiprocketDay(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const value = text.trim();
  let y: number, m: number | null, d: number;
  const named = NAMED_DATE.exec(value) ?? null;
  const dayNamed = named ? null : DAY_NAMED.exec(value);
  if (named) [y, m, d] = [Number(named[3]), monthNumber(named[1]!), Number(named[2])];
  else if (dayNamed) [y, m, d] = [Number(dayNamed[3]), monthNumber(dayNamed[2]!), Number(dayNamed[1])];
  else {
    const at = parseIndiaTime(value);
    return at ? new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10) : null;
  }
  if (m === null || checked(y, m, d) === null) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** An instant as Shiprocket writes an order date: 'YYYY-MM-DD HH:mm' in India time. */
export function indiaTimeText(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

// ---- scans

const textOf = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/**
 * One scan as Shiprocket lists it (tracking's `shipment_track_activities`, a webhook's `scans`):
 * { date, status, activity, location, 'sr-status', 'sr-status-label' }. Null when it has no readable
 * time (it could not be placed on the timeline).
 */
export function readScan(raw: unknown): CourierScan | null {
  if (!raw || typeof raw !== "object") return null;
  const scan = raw as Record<string, unknown>;
  const occurredAt = parseIndiaTime(scan.date);
  if (!occurredAt) return null;
  const srCode = codeOf(scan["sr-status"]);
  const srLabel = textOf(scan["sr-status-label"] ?? scan.sr_status_label);
  const courierStatus = textOf(scan.status);
  const activity = textOf(scan.activity) || srLabel || courierStatus;
  return {
    status: shiprocketStatus(srCode, srLabel || null),
    code: srCode !== null ? String(srCode) : labelOf(srLabel) || courierStatus,
    activity,
    location: textOf(scan.location) || null,
    occurredAt,
  };
}
