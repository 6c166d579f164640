import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adhocOrderBody } from "../../app/modules/shipping/shiprocket/bodies.server";
import {
  createShiprocketClient,
  ShiprocketError,
  TOKEN_RENEWAL_MS,
  type ShiprocketClient,
} from "../../app/modules/shipping/shiprocket/client.server";
import { startFakeShiprocket, type FakeShiprocket } from "../fakes/shiprocket/fake-shiprocket";
import { SHIPMENT_REQUEST } from "./shiprocket-fixtures";

/*
 * The shop's Shiprocket client against the local fake: one sign-in shared by every call, a new one
 * when Shiprocket refuses the token, and what a caller sees when Shiprocket is down, slow, or refuses.
 */

let fake: FakeShiprocket;

beforeAll(async () => {
  fake = await startFakeShiprocket();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => fake.reset());

function clientFor(options: { password?: string; timeoutMs?: number; now?: () => Date; apiUrl?: string } = {}) {
  return createShiprocketClient({
    email: fake.email,
    password: options.password ?? fake.password,
    apiUrl: options.apiUrl ?? fake.url,
    timeoutMs: options.timeoutMs ?? 2000,
    now: options.now,
  });
}

const signIns = () => fake.state.requests.filter((r) => r.path === "/auth/login").length;
const paths = () => fake.state.requests.map((r) => `${r.method} ${r.path}`);

async function failure(promise: Promise<unknown>): Promise<ShiprocketError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ShiprocketError)) throw new Error(`expected a ShiprocketError, got ${String(error)}`);
  return error;
}

describe("signing in", () => {
  it("signs in once for many calls and sends the token as a Bearer on each", async () => {
    const client = clientFor();
    const first = await client.pickupLocations();
    await client.pickupLocations();
    await client.serviceability({ pickupPostcode: "302001", deliveryPostcode: "400020", weightKg: 0.5, cod: false });
    expect(first.map((l) => [l.pickup_location, l.pin_code, l.is_primary_location])).toEqual([
      ["Jaipur Studio", "302001", true],
      ["Mumbai Warehouse", "400069", false],
    ]);
    expect(signIns()).toBe(1);
    const login = fake.state.requests[0]!;
    expect(login).toMatchObject({
      method: "POST",
      path: "/auth/login",
      contentType: "application/json",
      authorization: undefined,
      body: { email: fake.email, password: fake.password },
    });
    const token = [...fake.state.tokens.keys()].at(-1);
    for (const call of fake.state.requests.slice(1)) {
      expect(call.authorization).toBe(`Bearer ${token}`);
      expect(call.contentType).toBe("application/json");
    }
  });

  it("signs in once when the first calls are made together", async () => {
    const client = clientFor();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => client.pickupLocations()));
    expect(answers).toHaveLength(5);
    expect(signIns()).toBe(1);
  });

  it("signs in again after a 401 mid-flow and the call succeeds", async () => {
    const client = clientFor();
    await client.pickupLocations();
    fake.expireTokens();
    const locations = await client.pickupLocations();
    expect(locations).toHaveLength(2);
    expect(paths()).toEqual([
      "POST /auth/login",
      "GET /settings/company/pickup",
      "GET /settings/company/pickup",
      "POST /auth/login",
      "GET /settings/company/pickup",
    ]);
  });

  it("reports 'unauthorized' when the call still answers 401 with a fresh token", async () => {
    const client = clientFor();
    await client.pickupLocations();
    fake.failNext(401, { times: 2, path: "/settings/company/pickup" });
    const error = await failure(client.pickupLocations());
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, request: "GET /settings/company/pickup" });
    expect(signIns()).toBe(2);
    expect(error.userMessage).toBe(
      "The courier service refused the shop's credentials. Check the shipping settings in the server's configuration.",
    );
  });

  it("reports a wrong password as 'unauthorized', with Shiprocket's reason and without the password", async () => {
    const error = await failure(clientFor({ password: "not-the-password-42" }).pickupLocations());
    expect(error).toMatchObject({
      kind: "unauthorized",
      status: 400,
      providerMessage: "Invalid email and password combination",
      request: "POST /auth/login",
    });
    expect(error.message).not.toContain("not-the-password-42");
    expect(paths()).toEqual(["POST /auth/login"]);
  });

  it("signs in again once the token is 9 days old", async () => {
    let now = new Date("2026-11-27T04:30:00Z");
    const client = clientFor({ now: () => now });
    await client.pickupLocations();
    now = new Date(now.getTime() + TOKEN_RENEWAL_MS - 1000);
    await client.pickupLocations();
    expect(signIns()).toBe(1);
    now = new Date(now.getTime() + 1000);
    await client.pickupLocations();
    expect(signIns()).toBe(2);
  });
});

describe("failures", () => {
  it("reports 500, 429 and a sign-in that fails on Shiprocket's side as 'unavailable'", async () => {
    const client = clientFor();
    fake.failNext(500, { path: "/settings/company/pickup" });
    expect(await failure(client.pickupLocations())).toMatchObject({ kind: "unavailable", status: 500 });
    fake.failNext(429);
    expect(await failure(client.pickupLocations())).toMatchObject({ kind: "unavailable", status: 429 });
    fake.expireTokens();
    fake.failNext(502, { path: "/auth/login" });
    expect(await failure(client.pickupLocations())).toMatchObject({
      kind: "unavailable",
      status: 502,
      request: "POST /auth/login",
    });
  });

  it("reports a timeout as 'unavailable'", async () => {
    const client = clientFor({ timeoutMs: 150 });
    await client.pickupLocations();
    fake.delayNext(600, { path: "/settings/company/pickup" });
    const error = await failure(client.pickupLocations());
    expect(error).toMatchObject({ kind: "unavailable", status: null });
    expect(error.message).toContain("no answer within 150 ms");
    expect(error.userMessage).toMatch(/^The courier service is not answering/);
  });

  it("reports an address nothing listens on as 'unavailable'", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const error = await failure(clientFor({ apiUrl: `http://127.0.0.1:${port}` }).pickupLocations());
    expect(error).toMatchObject({ kind: "unavailable", status: null });
  });

  it("reports a 2xx answer that is not Shiprocket's shape as 'unavailable'", async () => {
    const client = clientFor();
    fake.failNext(200, { path: "/settings/company/pickup", body: { data: "maintenance" } });
    expect(await failure(client.pickupLocations())).toMatchObject({ kind: "unavailable", status: 200 });
  });

  it("reports a 422 as 'rejected' with the first field's message", async () => {
    const client = clientFor();
    const body = adhocOrderBody(
      { ...SHIPMENT_REQUEST, customer: { ...SHIPMENT_REQUEST.customer, phone: "98765 4321" } },
      "Jaipur Studio",
    );
    const error = await failure(client.createOrder(body));
    expect(error).toMatchObject({
      kind: "rejected",
      status: 422,
      providerMessage: "billing_phone: The billing phone must be 10 digits",
    });
    expect(error.userMessage).toBe(
      "The courier service refused this: billing_phone: The billing phone must be 10 digits.",
    );
    expect(fake.state.orders.size).toBe(0);
  });

  it("reports any other 4xx as 'rejected' with Shiprocket's message", async () => {
    const client = clientFor();
    const shipment = fake.book("ORD-20261127-AAAAAA");
    const error = await failure(client.assignAwb(shipment.id, 12));
    expect(error).toMatchObject({ kind: "rejected", status: 400, providerMessage: "AWB is already assigned" });
  });
});

describe("endpoints", () => {
  it("answers an empty list however Shiprocket says 'not serviceable'", async () => {
    const client = clientFor();
    const query = { pickupPostcode: "302001", weightKg: 0.5, cod: false } as const;
    expect(await client.serviceability({ ...query, deliveryPostcode: "790001" })).toEqual([]);
    fake.failNext(404, { path: "serviceability", body: { message: "No courier serviceable", status_code: 404 } });
    expect(await client.serviceability({ ...query, deliveryPostcode: "400020" })).toEqual([]);
    fake.failNext(200, { path: "serviceability", body: { status: 200, data: [] } });
    expect(await client.serviceability({ ...query, deliveryPostcode: "400020" })).toEqual([]);
    expect(await client.serviceability({ ...query, deliveryPostcode: "400020" })).toHaveLength(3);
  });

  it("downloads a document without the token", async () => {
    const client: ShiprocketClient = clientFor();
    const shipment = fake.book("ORD-20261127-BBBBBB");
    const url = await client.generateLabel([shipment.id]);
    const bytes = await client.download(url);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const download = fake.state.requests.at(-1)!;
    expect(download).toMatchObject({ method: "GET", authorization: undefined });
    expect(download.path).toMatch(/^\/_files\/label-\d+\.pdf$/);
  });
});
