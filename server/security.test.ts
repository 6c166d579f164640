import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import express from "express";
import { clientAddressHeader, routedPath, sameOriginGuard } from "./security";
import { rawRequest } from "./test-raw-client";
import { listenForTest } from "./test-server";

const LIVE_SHOP = { baseUrl: "https://shop.example.com", isDemo: false, port: 3000 };

function run(method: string, path: string, headers: Record<string, string>, protocol = "https", shop = LIVE_SHOP) {
  const guard = sameOriginGuard(shop);
  let status = 0;
  let passed = false;
  let body = "";
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  // Express's req.path is the raw path; originalUrl keeps the query too.
  // a request whose body has been read already: the refusal has nothing to drain
  const req = {
    method,
    path: path.split("?")[0],
    originalUrl: path,
    url: path,
    protocol,
    headers: lower,
    readableEnded: true,
    get: (name: string) => lower[name.toLowerCase()],
  } as unknown as Request;
  const res = {
    shouldKeepAlive: true,
    headersSent: false,
    getHeader: () => undefined,
    status(code: number) {
      status = code;
      return this;
    },
    type() {
      return this;
    },
    send(sent: string) {
      body = sent;
      return this;
    },
  } as unknown as Response;
  guard(req, res, (() => {
    passed = true;
  }) as NextFunction);
  return { passed, status, body };
}

describe("same-origin guard for state-changing requests", () => {
  it("lets reads through from anywhere", () => {
    expect(run("GET", "/products", { origin: "https://evil.example" }).passed).toBe(true);
  });

  it("accepts posts from our own origin or the origin the request was addressed to", () => {
    expect(run("POST", "/cart", { origin: "https://shop.example.com", host: "shop.example.com" }).passed).toBe(true);
    expect(run("POST", "/cart", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }, "http").passed).toBe(true);
  });

  it("compares the whole origin, scheme included, not just the host", () => {
    // a page on http://shop.example.com (say, an injected one on a plain-http mirror) is another origin
    expect(run("POST", "/cart", { origin: "http://shop.example.com", host: "shop.example.com" })).toMatchObject({
      passed: false,
      status: 403,
    });
    expect(run("POST", "/cart", { origin: "https://127.0.0.1:3000", host: "127.0.0.1:3000" }, "http")).toMatchObject({
      passed: false,
      status: 403,
    });
  });

  it("exempts only real webhook paths, after dot segments are resolved as the router resolves them", () => {
    for (const sneaky of [
      "/api/webhooks/../../wishlist",
      "/api/payments/razorpay/webhook/../../../../wishlist",
      "/api/payments/razorpay/webhook/%2e%2e/%2e%2e/%2e%2e/%2e%2e/cart",
      "/api/payments/razorpay/callback/../../../../account/addresses",
      "/api/payments/razorpay/webhook/extra",
    ]) {
      expect(run("POST", sneaky, { referer: "https://evil.example/", host: "shop.example.com" }), sneaky).toMatchObject(
        { passed: false, status: 403 },
      );
    }
    expect(routedPath("/api/webhooks/../../wishlist")).toBe("/wishlist");
  });

  it("refuses posts from another site with 403", () => {
    expect(run("POST", "/cart", { origin: "https://evil.example", host: "shop.example.com" })).toMatchObject({
      passed: false,
      status: 403,
    });
    expect(run("DELETE", "/account", { "sec-fetch-site": "cross-site", host: "shop.example.com" }).status).toBe(403);
    expect(run("POST", "/cart", { origin: "null", host: "shop.example.com" }).status).toBe(403);
    expect(run("POST", "/cart", { referer: "https://evil.example/page", host: "shop.example.com" }).status).toBe(403);
  });

  it("takes localhost, 127.0.0.1 and [::1] on the shop's port for one another in demo mode, never in live mode", () => {
    const demo = { baseUrl: "http://localhost:3000", isDemo: true, port: 3000 };
    // a page at one local name posting to another: the request's own host does not make it ours
    for (const origin of ["http://127.0.0.1:3000", "http://[::1]:3000", "http://localhost:3000"]) {
      expect(run("POST", "/cart", { origin, host: "proxy.internal:8080" }, "http", demo).passed, origin).toBe(true);
      expect(
        run("POST", "/cart", { referer: `${origin}/cart`, host: "proxy.internal:8080" }, "http", demo).passed,
        origin,
      ).toBe(true);
    }
    expect(
      run("POST", "/cart", { origin: "http://127.0.0.1:3001", host: "proxy.internal:8080" }, "http", demo).passed,
    ).toBe(false);
    expect(
      run("POST", "/cart", { origin: "http://127.0.0.1:3000", host: "proxy.internal:8080" }, "http", {
        ...demo,
        isDemo: false,
      }).passed,
    ).toBe(false);
  });

  it("tells the staff dialog where to sign in when its page is at another address, in JSON it reads", () => {
    const refused = run(
      "POST",
      "/api/auth/sign-in/email",
      { origin: "https://www.shop.example.com", host: "127.0.0.1:3000" },
      "http",
    );
    expect(refused).toMatchObject({ passed: false, status: 403 });
    expect(JSON.parse(refused.body)).toEqual({
      code: "SIGN_IN_AT_BASE_URL",
      message: "Open the shop at https://shop.example.com to sign in.",
    });
    // any other refused post keeps the plain answer
    expect(run("POST", "/cart", { origin: "https://www.shop.example.com", host: "127.0.0.1:3000" }, "http").body).toBe(
      "Cross-site request refused.",
    );
  });

  it("lets payment webhooks through: gateways post from their own servers", () => {
    expect(run("POST", "/api/payments/razorpay/webhook", { origin: "https://api.razorpay.com" }).passed).toBe(true);
    // Checkout's redirect mode posts the result from Razorpay's page
    expect(
      run("POST", "/api/payments/razorpay/callback?order=ORD-X", { origin: "https://api.razorpay.com" }).passed,
    ).toBe(true);
  });
});

describe("a refused cross-site post with a large body", () => {
  it("is still answered with the refusal when the client writes its whole body first and the connection is to close", async () => {
    const app = express();
    app.use(sameOriginGuard({ baseUrl: "http://127.0.0.1:3000", isDemo: false, port: 3000 }));
    app.post("/cart", (_req, res) => void res.send("accepted"));
    const server = await listenForTest(app);
    try {
      const cases: Array<Record<string, string>> = [
        { Origin: "https://evil.example" },
        { Origin: "https://evil.example", Connection: "close" },
      ];
      for (const headers of cases) {
        const answer = await rawRequest({ port: server.port, path: "/cart", headers, body: 12 * 1024 * 1024 });
        expect(answer, JSON.stringify(headers)).toMatchObject({
          status: 403,
          body: "Cross-site request refused.",
          error: null,
        });
      }
    } finally {
      await server.close();
    }
  });
});

describe("client address for rate limits", () => {
  function address(ip: string | undefined, forwarded?: string) {
    const req = {
      ip,
      socket: { remoteAddress: ip },
      headers: forwarded ? { "x-forwarded-for": forwarded } : {},
    } as unknown as Request;
    clientAddressHeader()(req, {} as Response, (() => {}) as NextFunction);
    return req.headers["x-forwarded-for"];
  }

  it("replaces a forged X-Forwarded-For with the address Express resolved", () => {
    expect(address("203.0.113.9", "1.2.3.4")).toBe("203.0.113.9");
    expect(address("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(address(undefined, "1.2.3.4")).toBeUndefined();
  });
});
