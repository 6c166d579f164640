import { and, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { csvDownloadStream } from "../../lib/csv-stream.server";
import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type OrderAmounts,
  type OrderListParams,
  type OrderStatus,
} from "../orders";
import { orders, type BillingInfo } from "../orders/schema.server";
import { ITEM_COUNT, orderListConditions } from "./admin-orders.server";

/*
 * The back office's CSV export of the orders the list's filters match: a streamed download, read a
 * page at a time, every cell a spreadsheet could take for a formula made plain text.
 */

const ORDER_CSV_HEADERS = [
  "Order number",
  "Placed (IST)",
  "Status",
  "Customer",
  "E-mail",
  "Phone",
  "Payment",
  "Items",
  "Subtotal (₹)",
  "Shipping (₹)",
  "Discount (₹)",
  "Prepaid discount (₹)",
  "COD fee (₹)",
  "Total (₹)",
  "Coupon",
  "City",
  "State",
  "Pincode",
  "Courier",
  "Tracking number",
  "Cancellation reason",
] as const;

/** OWASP 'CSV injection': a cell a spreadsheet would take for a formula starts with an apostrophe. */
function guardCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Paise as rupees with two decimals ('1499.00'), which spreadsheets read as a number. */
function rupeesText(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const istFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** '2026-11-24 14:05' in the shop's time zone. */
function istDateTime(date: Date): string {
  const parts = Object.fromEntries(istFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour === "24" ? "00" : parts.hour}:${parts.minute}`;
}

interface ExportRow extends OrderAmounts {
  id: string;
  createdAtText: string;
  createdAt: Date;
  orderNumber: string;
  status: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  paymentMethod: "online" | "cod";
  couponCode: string | null;
  billing: BillingInfo;
  courier: string | null;
  trackingNumber: string | null;
  cancellationReason: string | null;
  itemCount: number;
}

/** The header and one record per order the filters match, newest first, read a page at a time (keyset). */
async function* orderExportRecords(db: Db, params: OrderListParams, pageSize = 500): AsyncGenerator<string[]> {
  yield [...ORDER_CSV_HEADERS];
  const where = orderListConditions(params);
  let cursor: { createdAt: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${orders.createdAt} < ${cursor.createdAt}::timestamptz OR (${orders.createdAt} = ${cursor.createdAt}::timestamptz AND ${orders.id} < ${cursor.id}::uuid))`
      : undefined;
    const page: ExportRow[] = await db
      .select({
        id: orders.id,
        // as text: a JavaScript Date would drop the microseconds and the cursor would skip or repeat rows
        createdAtText: sql<string>`${orders.createdAt}::text`,
        createdAt: orders.createdAt,
        orderNumber: orders.orderNumber,
        status: orders.status,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        customerPhone: orders.customerPhone,
        paymentMethod: orders.paymentMethod,
        subtotalPaise: orders.subtotalPaise,
        shippingPaise: orders.shippingPaise,
        discountPaise: orders.discountPaise,
        prepaidDiscountPaise: orders.prepaidDiscountPaise,
        codFeePaise: orders.codFeePaise,
        totalPaise: orders.totalPaise,
        couponCode: orders.couponCode,
        billing: orders.billing,
        courier: orders.courier,
        trackingNumber: orders.trackingNumber,
        cancellationReason: orders.cancellationReason,
        itemCount: ITEM_COUNT,
      })
      .from(orders)
      .where(and(...where, after))
      .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC`)
      .limit(pageSize);
    if (page.length === 0) return;
    for (const o of page) {
      yield [
        o.orderNumber,
        istDateTime(o.createdAt),
        ORDER_STATUS_LABELS[o.status as OrderStatus],
        o.customerName,
        o.customerEmail,
        o.customerPhone,
        PAYMENT_METHOD_LABELS[o.paymentMethod],
        String(o.itemCount),
        rupeesText(o.subtotalPaise),
        rupeesText(o.shippingPaise),
        rupeesText(o.discountPaise),
        rupeesText(o.prepaidDiscountPaise),
        rupeesText(o.codFeePaise),
        rupeesText(o.totalPaise),
        o.couponCode ?? "",
        o.billing.city,
        o.billing.state,
        o.billing.pincode,
        o.courier ?? "",
        o.trackingNumber ?? "",
        o.cancellationReason ?? "",
      ].map(guardCell);
    }
    const last = page[page.length - 1]!;
    cursor = { createdAt: last.createdAtText, id: last.id };
    if (page.length < pageSize) return;
  }
}

/** The export as a CSV download's byte stream (app/lib/csv-stream.server.ts). */
export function exportOrdersCsv(db: Db, params: OrderListParams): ReadableStream<Uint8Array> {
  return csvDownloadStream(orderExportRecords(db, params), "orders CSV export");
}

/** 'orders-shipped-cod-2026-11-01-to-2026-11-24-2026-11-24.csv' */
export function orderExportFileName(params: OrderListParams, now = new Date()): string {
  const range = params.from || params.to ? `${params.from || "start"}-to-${params.to || "today"}` : "";
  const parts = ["orders", params.status, params.payment, range].filter(Boolean);
  return `${parts.join("-")}-${now.toISOString().slice(0, 10)}.csv`;
}
