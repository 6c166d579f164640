import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../app/config.server";
import { setDatabase } from "../../app/db/client.server";
import { OTP_LIMITS } from "../../app/modules/accounts/otp-limits.server";
import * as accountRoute from "../../app/routes/authentication";
import { bodyLimit } from "../../server/body-limit";
import { toFetchRequest } from "../../server/request-handler";
import { clientAddressHeader } from "../../server/security";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Behind a proxy, each visitor keeps an address of their own (decision 014). The server's
 * middleware (trust proxy from TRUST_PROXY, then the client address header) in front of the
 * account screen's real action; the clients connect from other loopback addresses (127.0.0.2 as
 * the proxy, 127.0.0.3 as someone connecting directly), which Linux routes like 127.0.0.1.
 */

const t = setupTestDatabase();
const PROXY = "127.0.0.2";
const DIRECT = "127.0.0.3";

beforeAll(() => {
  setDatabase(t.database);
});

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  server = undefined;
});

async function shop(trustProxy: string): Promise<number> {
  const config = parseConfig({ AUTH_SECRET: "x".repeat(40), TRUST_PROXY: trustProxy });
  const app = express();
  app.set("trust proxy", config.trustProxy);
  app.use(clientAddressHeader());
  app.use(bodyLimit());
  app.post("/authentication", async (req, res) => {
    const result = (await accountRoute.action({
      request: toFetchRequest(req),
      params: {},
      context: {},
    } as unknown as Parameters<typeof accountRoute.action>[0])) as unknown as {
      data: { error?: string; message?: string };
      init?: { status?: number } | null;
    };
    res.status(result.init?.status ?? 200).json({ ...result.data, seenAs: req.headers["x-forwarded-for"] });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return (server!.address() as AddressInfo).port;
}

let phoneCounter = 0;
function askForCode(
  port: number,
  from: string,
  forwardedFor?: string,
): Promise<{ status: number; body: { error?: string; seenAs?: string } }> {
  phoneCounter += 1;
  const body = new URLSearchParams({
    intent: "send-code",
    mode: "login",
    phone: `97000${String(phoneCounter).padStart(5, "0")}`,
  }).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress: from,
        path: "/authentication",
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { error?: string; seenAs?: string } }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("TRUST_PROXY", () => {
  it("gives two visitors behind one trusted proxy limits of their own", async () => {
    const port = await shop(PROXY);
    for (let i = 0; i < OTP_LIMITS.sendPerIpPerHour; i++) {
      const sent = await askForCode(port, PROXY, "198.51.100.1");
      expect(sent.status, `code ${i + 1}`).toBe(200);
      expect(sent.body.seenAs).toBe("198.51.100.1");
    }
    const refused = await askForCode(port, PROXY, "198.51.100.1");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many code requests from your network/);

    // the next visitor through the same proxy is not locked out with the first
    const other = await askForCode(port, PROXY, "198.51.100.2");
    expect(other).toMatchObject({ status: 200, body: { seenAs: "198.51.100.2" } });
  });

  it("ignores X-Forwarded-For from anyone who is not a trusted proxy", async () => {
    const port = await shop(PROXY);
    const direct = await askForCode(port, DIRECT, "198.51.100.77");
    expect(direct.body.seenAs).toBe(DIRECT);
  });

  it("without it, every visitor behind a proxy that is not trusted shares the proxy's address", async () => {
    const port = await shop("false");
    expect((await askForCode(port, PROXY, "198.51.100.3")).body.seenAs).toBe(PROXY);
    expect((await askForCode(port, PROXY, "198.51.100.4")).body.seenAs).toBe(PROXY);
  });

  it("understands a hop count", async () => {
    const port = await shop("1");
    expect((await askForCode(port, DIRECT, "192.0.2.10, 198.51.100.5")).body.seenAs).toBe("198.51.100.5");
  });
});
