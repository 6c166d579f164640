import type { HeadersArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { NO_STORE_HEADERS, noStoreHeaders, PRIVATE_NO_STORE_HEADERS, sharedPageHeaders } from "./cache-control";

const argsWithParent = (cacheControl?: string, loaderHeaders: Record<string, string> = {}) =>
  ({
    parentHeaders: new Headers(cacheControl ? { "Cache-Control": cacheControl } : {}),
    loaderHeaders: new Headers(loaderHeaders),
  }) as HeadersArgs;

describe("Cache-Control presets", () => {
  it("says no-store for pages never kept, and private, no-store for personal documents", () => {
    expect(new Headers(noStoreHeaders(argsWithParent())).get("Cache-Control")).toBe("no-store");
    expect(NO_STORE_HEADERS).toEqual({ "Cache-Control": "no-store" });
    expect(PRIVATE_NO_STORE_HEADERS).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("shares a catalogue page for 30 s with signed-out visitors and keeps a signed-in shopper's private", () => {
    expect(new Headers(sharedPageHeaders(argsWithParent())).get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=30",
    );
    expect(new Headers(sharedPageHeaders(argsWithParent("private, no-cache"))).get("Cache-Control")).toBe(
      "private, no-cache",
    );
  });

  it("keeps the loader's Cache-Tag for the page cache's purges", () => {
    const tagged = new Headers(sharedPageHeaders(argsWithParent(undefined, { "Cache-Tag": "product:a,card:b" })));
    expect(tagged.get("Cache-Tag")).toBe("product:a,card:b");
    expect(new Headers(sharedPageHeaders(argsWithParent())).has("Cache-Tag")).toBe(false);
  });

  it("cannot be changed by a route that spreads them", () => {
    expect(() => Object.assign(NO_STORE_HEADERS, { "Cache-Control": "public" })).toThrow(TypeError);
    expect({ ...NO_STORE_HEADERS, "X-Robots-Tag": "noindex" }).toEqual({
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    });
  });
});
