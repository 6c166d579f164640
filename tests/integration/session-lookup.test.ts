import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { session as sessionTable, user as userTable } from "../../app/modules/accounts/auth-schema.server";
import { getAuth, getSessionUser } from "../../app/modules/accounts/session.server";
import { cookieValue, lookUpSession, signedValue } from "../../app/modules/accounts/session-lookup.server";
import { TEST_BASE, signedInShopper, signedInStaff } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The session read in one statement (decision 058): it must answer what the auth library answers for
 * every cookie (signed in, forged, unknown, of another name, expired, due for its refresh, banned), and
 * leave the writes (deleting an expired session, extending one due for refresh) to the library.
 */

const t = setupTestDatabase();
const DAY = 86_400_000;

const asked = (cookie: string) => new Request(`${TEST_BASE}/account`, { headers: { cookie } });
const library = async (cookie: string) =>
  (await getAuth().api.getSession({ headers: new Headers({ cookie }) }))?.user.id;
const tokenOf = (cookie: string) => decodeURIComponent(/shop\.session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
async function expiresAtOf(token: string): Promise<Date | undefined> {
  const [row] = await t.db.select().from(sessionTable).where(eq(sessionTable.token, token));
  return row?.expiresAt;
}

let shopper = { id: "", cookie: "" };
let secret = "";
beforeAll(async () => {
  setDatabase(t.database);
  shopper = await signedInShopper(t.db, "+919812355501", "203.0.113.61");
  secret = (await getAuth().$context).secret;
});

describe("the session read in one statement", () => {
  it("finds a signed-in shopper as the library does, without asking it", async () => {
    const lookup = await lookUpSession(t.db, getAuth(), shopper.cookie);
    expect(lookup).toMatchObject({ kind: "found", found: { user: { id: shopper.id, phoneNumber: "+919812355501" } } });
    expect(await library(shopper.cookie)).toBe(shopper.id);
    expect((await getSessionUser(asked(shopper.cookie)))?.id).toBe(shopper.id);
  });

  it("finds staff too, with the session the back office's inactivity check reads", async () => {
    const staff = await signedInStaff(
      t.db,
      { name: "Asha Rao", email: "asha@example.com", password: "tulsi-mango-42" },
      "203.0.113.62",
    );
    const lookup = await lookUpSession(t.db, getAuth(), staff.cookie);
    expect(lookup).toMatchObject({ kind: "found", found: { user: { id: staff.id, role: "admin" } } });
    if (lookup.kind !== "found") return;
    const [row] = await t.db.select().from(sessionTable).where(eq(sessionTable.userId, staff.id));
    expect(lookup.found.session).toEqual({
      id: row!.id,
      userId: staff.id,
      createdAt: row!.createdAt,
      expiresAt: row!.expiresAt,
    });
  });

  it("signs out a forged signature, a token signed with another secret, an unknown token and another cookie's name", async () => {
    const token = tokenOf(shopper.cookie);
    const sign = (value: string, key: string) =>
      encodeURIComponent(`${value}.${createHmac("sha256", key).update(value).digest("base64")}`);
    const forged = shopper.cookie.replace(
      /shop\.session_token=[^;]+/,
      `shop.session_token=${token}.${"A".repeat(43)}=`,
    );
    const otherSecret = `shop.session_token=${sign(token, "not-the-shop-secret-0123456789abcdef")}`;
    const unknown = `shop.session_token=${sign("a".repeat(32), secret)}`;
    const renamed = shopper.cookie.replace("shop.session_token", "shop.session_tokens");
    for (const cookie of [forged, otherSecret, unknown, renamed, `shop.session_token=${token}`]) {
      expect(await lookUpSession(t.db, getAuth(), cookie)).toEqual({ kind: "none" });
      expect(await library(cookie)).toBeUndefined();
      expect(await getSessionUser(asked(cookie))).toBeNull();
    }
    // the genuine token signed with the shop's secret is what the library accepts, and so is it here
    const genuine = `shop.session_token=${sign(token, secret)}`;
    expect(await library(genuine)).toBe(shopper.id);
    expect((await getSessionUser(asked(genuine)))?.id).toBe(shopper.id);
  });

  it("leaves an expired session to the library, which deletes it and signs the shopper out", async () => {
    const other = await signedInShopper(t.db, "+919812355502", "203.0.113.63");
    const token = tokenOf(other.cookie);
    await t.db
      .update(sessionTable)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessionTable.token, token));
    expect(await lookUpSession(t.db, getAuth(), other.cookie)).toEqual({ kind: "library" });
    expect(await getSessionUser(asked(other.cookie))).toBeNull();
    expect(await expiresAtOf(token)).toBeUndefined();
  });

  it("leaves a session due for its daily refresh to the library, which extends it by 30 days", async () => {
    const other = await signedInShopper(t.db, "+919812355503", "203.0.113.64");
    const token = tokenOf(other.cookie);
    await t.db
      .update(sessionTable)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(sessionTable.token, token));
    expect(await lookUpSession(t.db, getAuth(), other.cookie)).toEqual({ kind: "library" });
    expect((await getSessionUser(asked(other.cookie)))?.id).toBe(other.id);
    const extended = (await expiresAtOf(token))!.getTime();
    expect(extended).toBeGreaterThan(Date.now() + 29 * DAY);
    // refreshed, it is read in one statement again
    expect(await lookUpSession(t.db, getAuth(), other.cookie)).toMatchObject({ kind: "found" });
  });

  it("signs out a banned account", async () => {
    const other = await signedInShopper(t.db, "+919812355504", "203.0.113.65");
    await t.db.update(userTable).set({ banned: true }).where(eq(userTable.id, other.id));
    expect(await lookUpSession(t.db, getAuth(), other.cookie)).toMatchObject({
      kind: "found",
      found: { user: { banned: true } },
    });
    expect(await getSessionUser(asked(other.cookie))).toBeNull();
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(sessionTable);
    expect(count!.n).toBeGreaterThan(0);
  });
});

describe("reading the cookie as the library reads it", () => {
  it("takes the first cookie of the name, trims it, drops quotes and decodes it", () => {
    expect(cookieValue("a=1; shop.session_token=x%2By%3D; shop.session_token=z", "shop.session_token")).toBe("x+y=");
    expect(cookieValue('shop.session_token="quoted"', "shop.session_token")).toBe("quoted");
    expect(cookieValue("shop.session_token=%E0%A4", "shop.session_token")).toBe("%E0%A4");
    expect(cookieValue("other=1", "shop.session_token")).toBeNull();
    expect(cookieValue("broken; shop.session_token=v", "shop.session_token")).toBe("v");
  });

  it("accepts only a 44-character HMAC-SHA256 signature of the value with the secret", () => {
    const value = "token-value";
    const signature = createHmac("sha256", "s3cret").update(value).digest("base64");
    expect(signedValue(`${value}.${signature}`, "s3cret")).toBe(value);
    expect(signedValue(`${value}.${signature}`, "other")).toBeNull();
    expect(signedValue(`${value}.${signature.slice(0, -2)}==`, "s3cret")).toBeNull();
    // the same bytes in the URL-safe alphabet: the library's atob refuses them, and so does this
    const urlSafe = signature.replace(/\+/g, "-").replace(/\//g, "_");
    if (urlSafe !== signature) expect(signedValue(`${value}.${urlSafe}`, "s3cret")).toBeNull();
    expect(signedValue(`.${signature}`, "s3cret")).toBeNull();
    expect(signedValue(value, "s3cret")).toBeNull();
  });
});
