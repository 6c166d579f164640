import type { OrderAmounts } from "../orders";
import type { BillingInfo } from "../orders/schema.server";
import { gstStateCode, UTGST_TERRITORIES } from "./gst-states";
import { computeInvoiceTax, type GoodsLineInput, type InvoiceTax, type TaxedLine } from "./tax";
import { amountInWords } from "./words";

/*
 * What a tax invoice prints, frozen in `invoices.document` on the day it is issued: later changes to
 * the shop's settings, the catalogue or the rates never change an invoice already given.
 */

const INVOICE_DOCUMENT_VERSION = 1;

export interface InvoiceParty {
  name: string;
  address: string;
  state: string;
  /** GST state code, '08' for Rajasthan */
  stateCode: string | null;
}

export interface InvoiceDocumentLine extends TaxedLine {
  /** size, colour and SKU of a piece; empty for charges */
  detail: string;
}

export interface InvoiceDocument {
  version: number;
  number: string;
  /** 'YYYY-MM-DD', India time */
  date: string;
  financialYear: string;
  /** the day whose rates apply (the confirmation's); the invoice date unless the invoice was issued later */
  supplyDate: string;
  seller: InvoiceParty & { gstin: string; storeName: string };
  buyer: InvoiceParty & { pincode: string; country: string; phone: string; email: string };
  placeOfSupply: { state: string; stateCode: string | null };
  supply: InvoiceTax["supply"];
  /** the name of the state half of the tax: UTGST in a union territory without a legislature */
  localTaxName: "SGST" | "UTGST";
  order: {
    number: string;
    placedAt: string;
    paymentMethod: "online" | "cod";
    couponCode: string | null;
    /**
     * what of the total the shopper paid with store credit (decision 042), present only when some:
     * a means of payment, so the taxable values and the total are the same either way
     */
    storeCreditPaise?: number;
  };
  lines: InvoiceDocumentLine[];
  summary: InvoiceTax["summary"];
  totals: InvoiceTax["totals"];
  amountInWords: string;
}

export interface InvoiceSeller {
  legalName: string;
  storeName: string;
  address: string;
  gstin: string;
  shopState: string;
}

export interface InvoiceOrder extends OrderAmounts {
  orderNumber: string;
  createdAt: Date;
  paymentMethod: "online" | "cod";
  couponCode: string | null;
  storeCreditPaise?: number;
  billing: BillingInfo;
}

/** Builds the document of an order's invoice (pure: the caller found the rules in force for each line). */
export function buildInvoiceDocument(input: {
  number: string;
  date: string;
  financialYear: string;
  supplyDate: string;
  seller: InvoiceSeller;
  order: InvoiceOrder;
  lines: Array<GoodsLineInput & { detail: string }>;
}): InvoiceDocument {
  const { seller, order } = input;
  const b = order.billing;
  const supply = b.state === seller.shopState ? "intra" : "inter";
  const tax = computeInvoiceTax({
    lines: input.lines,
    couponDiscountPaise: order.discountPaise,
    prepaidDiscountPaise: order.prepaidDiscountPaise,
    shippingPaise: order.shippingPaise,
    codFeePaise: order.codFeePaise,
    supply,
  });
  if (tax.totals.totalPaise !== order.totalPaise)
    throw new Error(
      `invoice total ${tax.totals.totalPaise} differs from order ${order.orderNumber}'s ${order.totalPaise}`,
    );
  return {
    version: INVOICE_DOCUMENT_VERSION,
    number: input.number,
    date: input.date,
    financialYear: input.financialYear,
    supplyDate: input.supplyDate,
    seller: {
      name: seller.legalName.trim() || seller.storeName,
      storeName: seller.storeName,
      address: seller.address,
      state: seller.shopState,
      stateCode: gstStateCode(seller.shopState),
      gstin: seller.gstin,
    },
    buyer: {
      name: `${b.firstName} ${b.lastName}`.trim(),
      address: [b.address, b.city].filter(Boolean).join(", "),
      state: b.state,
      stateCode: gstStateCode(b.state),
      pincode: b.pincode,
      country: b.country || "India",
      phone: b.phone,
      email: b.email,
    },
    placeOfSupply: { state: b.state, stateCode: gstStateCode(b.state) },
    supply,
    localTaxName: UTGST_TERRITORIES.has(seller.shopState) ? "UTGST" : "SGST",
    order: {
      number: order.orderNumber,
      placedAt: order.createdAt.toISOString(),
      paymentMethod: order.paymentMethod,
      couponCode: order.couponCode,
      ...(order.storeCreditPaise ? { storeCreditPaise: order.storeCreditPaise } : {}),
    },
    lines: tax.lines.map((line, i) => ({
      ...line,
      detail: line.kind === "goods" ? (input.lines[i]?.detail ?? "") : "",
    })),
    summary: tax.summary,
    totals: tax.totals,
    amountInWords: amountInWords(tax.totals.totalPaise),
  };
}

/** A file name safe in a Content-Disposition header and on every file system: 'INV-2627-000042.pdf'. */
export function invoiceFileName(number: string): string {
  const safe = number.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "");
  return `${safe || "invoice"}.pdf`;
}
