import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extractText, getDocumentProxy } from "unpdf";
import {
  ShippingProviderError,
  type ReturnRequest,
  type ShipmentRequest,
  type ShippingProvider,
  type WebhookVerdict,
} from "../../app/modules/shipping/provider-contract.server";
import type { FakeShiprocket } from "../fakes/shiprocket/fake-shiprocket";

/*
 * What the Shiprocket gateway tests share: a parcel and a return as the shop asks for them, the
 * fake's clock, the error a call failed with, a PDF's text, and a stand-in for the shop's webhook
 * route that reads each delivery with the provider.
 */

/** 10:00 in India on Friday 27 November 2026. */
export const NOW = new Date("2026-11-27T04:30:00Z");

export const SHIPMENT_REQUEST: ShipmentRequest = {
  reference: "ORD-20261127-K7Q2XM",
  orderNumber: "ORD-20261127-K7Q2XM",
  orderDate: new Date("2026-11-26T20:45:00Z"),
  customer: {
    firstName: "Priya",
    lastName: "Shah",
    email: "priya@example.com",
    phone: "+91 98765 43210",
    address: "21 Marine Drive, Flat 4B",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400020",
    country: "India",
  },
  lines: [
    { name: "Indigo block-print kurta", sku: "KUR-1001-M-IND", units: 2, unitPricePaise: 129_900, hsn: "6211" },
    { name: "Mulmul dupatta", sku: "DUP-2002-OS-RED", units: 1, unitPricePaise: 49_950, hsn: null },
  ],
  paymentMethod: "cod",
  subTotalPaise: 309_750,
  shippingPaise: 4_000,
  discountPaise: 10_000,
  codAmountPaise: 303_750,
  package: { weightGrams: 850, lengthCm: 30, breadthCm: 25, heightCm: 4 },
};

export const RETURN_REQUEST: ReturnRequest = {
  reference: "ORD-20261127-K7Q2XM-R1",
  orderDate: new Date("2026-12-05T06:00:00Z"),
  pickup: SHIPMENT_REQUEST.customer,
  lines: [{ ...SHIPMENT_REQUEST.lines[0]!, units: 1 }],
  subTotalPaise: 129_900,
  package: { weightGrams: 500, lengthCm: 30, breadthCm: 25, heightCm: 3 },
};

/** The ShippingProviderError a call failed with. */
export async function providerFailure(promise: Promise<unknown>): Promise<ShippingProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ShippingProviderError))
    throw new Error(`expected a ShippingProviderError, got ${String(error)}`);
  return error;
}

/** The text of a PDF's pages (checked to be a PDF first). */
export async function textOfPdf(bytes: Uint8Array | null): Promise<string> {
  if (!bytes) throw new Error("expected a PDF, got null");
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") throw new Error("not a PDF");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** Calls made to the fake under a path, as 'METHOD /path'. */
export const callsTo = (fake: FakeShiprocket, path: string) =>
  fake.state.requests.filter((r) => r.path.startsWith(path));

/**
 * A stand-in for the shop's webhook route: reads each delivery with the provider and answers the
 * verdict's status (200 when it holds).
 */
export async function startWebhookReceiver(provider: () => ShippingProvider) {
  const verdicts: WebhookVerdict[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
    const verdict = provider().readWebhook(headers, Buffer.concat(chunks).toString("utf8"));
    verdicts.push(verdict);
    res.writeHead(verdict.ok ? 200 : verdict.status, { "content-type": "application/json" });
    res.end(JSON.stringify(verdict.ok ? { status: "stored" } : { error: verdict.reason }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/shipping/tracking`,
    verdicts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
