import { describe, expect, it } from "vitest";
import { clientAddress, isLoopbackAddress, readFormData, UNREADABLE_FORM_MESSAGE } from "./http.server";

async function refusal(request: Request): Promise<{ status: number; text: string }> {
  try {
    await readFormData(request);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
  throw new Error("the form was read");
}

const post = (body: BodyInit, type: string) =>
  new Request("http://shop.test/cart", { method: "POST", body, headers: { "content-type": type } });

describe("reading a form", () => {
  it("reads url-encoded and multipart forms", async () => {
    expect(
      (await readFormData(post("intent=add&quantity=2", "application/x-www-form-urlencoded"))).get("quantity"),
    ).toBe("2");
    const multipart = new FormData();
    multipart.set("intent", "clear");
    expect(
      (await readFormData(new Request("http://shop.test/cart", { method: "POST", body: multipart }))).get("intent"),
    ).toBe("clear");
  });

  it("answers 400 with a message for a broken multipart body", async () => {
    const broken = '--xyz\r\nContent-Disposition: form-data; name="lines"\r\n\r\n[1,2';
    expect(await refusal(post(broken, "multipart/form-data; boundary=xyz"))).toEqual({
      status: 400,
      text: UNREADABLE_FORM_MESSAGE,
    });
    expect(await refusal(post("anything", "multipart/form-data"))).toEqual({
      status: 400,
      text: UNREADABLE_FORM_MESSAGE,
    });
  });

  it("answers 400 for JSON or no content type sent to a form action", async () => {
    expect((await refusal(post('{"intent":"add"}', "application/json"))).status).toBe(400);
    expect((await refusal(new Request("http://shop.test/cart", { method: "POST", body: "x" }))).status).toBe(400);
  });
});

describe("client address", () => {
  it("is the single address the server put into X-Forwarded-For", () => {
    expect(clientAddress(new Request("http://shop.test/", { headers: { "x-forwarded-for": "203.0.113.9" } }))).toBe(
      "203.0.113.9",
    );
    expect(clientAddress(new Request("http://shop.test/"))).toBeNull();
  });

  it("knows loopback addresses, IPv4-mapped ones included", () => {
    for (const ok of ["127.0.0.1", "127.10.0.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(ok), ok).toBe(true);
    for (const no of ["203.0.113.9", "10.0.0.1", "::ffff:10.0.0.1", "1127.0.0.1", "", null])
      expect(isLoopbackAddress(no), String(no)).toBe(false);
  });
});
