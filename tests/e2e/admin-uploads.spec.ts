import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";

/*
 * POST /admin/uploads on the production server, from a browser page of the shop: the route as React
 * Router serves it (a resource route under /admin, its body streamed through the server), with a
 * picture drawn on a canvas, sent by XMLHttpRequest as the product editor does, with upload progress.
 * The pictures it answers with load in the page, every srcset width included.
 */

interface Sent {
  status: number;
  body: {
    url?: string;
    publicId?: string;
    width?: number;
    height?: number;
    format?: string;
    bytes?: number;
    error?: string;
  };
  progressEvents: number;
}

test.describe("picture uploads", () => {
  test.skip(({ isMobile }) => isMobile, "the endpoint is the same at every width; the editor's screens test both");

  test("staff upload a picture from the page and see it in every width; a visitor is refused", async ({
    page,
    browser,
  }) => {
    const dataDir = process.env.E2E_DATA_DIR ?? "tmp/e2e-data";
    const admin = JSON.parse(readFileSync(path.join(dataDir, "demo-admin.json"), "utf8")) as {
      email: string;
      password: string;
    };
    // an address of its own: the auth library allows 5 password sign-ins a minute per address, and the
    // run's other admin tests sign in from theirs
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.18.252.11" });
    await page.goto("/about");
    const origin = new URL(page.url()).origin;
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      headers: { origin },
      data: { email: admin.email, password: admin.password },
    });
    expect(signIn.status()).toBe(200);

    const send = (width: number, height: number) =>
      page.evaluate(
        async ([w, h]) => {
          const canvas = document.createElement("canvas");
          canvas.width = w!;
          canvas.height = h!;
          const context = canvas.getContext("2d")!;
          context.fillStyle = "#b5651d";
          context.fillRect(0, 0, w!, h!);
          context.fillStyle = "#1d6fb5";
          context.fillRect(0, h! / 2, w!, h! / 2);
          const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
          const form = new FormData();
          form.append("file", new File([blob], "canvas.png", { type: "image/png" }));
          return new Promise<Sent>((resolve) => {
            const xhr = new XMLHttpRequest();
            let progressEvents = 0;
            xhr.upload.onprogress = () => (progressEvents += 1);
            xhr.open("POST", "/admin/uploads");
            xhr.setRequestHeader("Accept", "application/json");
            xhr.onload = () =>
              resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) as Sent["body"], progressEvents });
            xhr.onerror = () => resolve({ status: 0, body: {}, progressEvents });
            xhr.send(form);
          });
        },
        [width, height],
      );

    const sent = await send(1200, 1600);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ width: 1200, height: 1600, format: "png" });
    expect(sent.body.publicId).toMatch(/^products\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(sent.body.url).toBe(`/media/${sent.body.publicId}-w800.webp`);
    expect(sent.progressEvents).toBeGreaterThan(0);

    // the answer's url and its srcset siblings are real pictures of the widths they claim
    const widths = await page.evaluate(async (url) => {
      const load = (src: string) =>
        new Promise<number>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(-1);
          img.src = src;
        });
      return Promise.all([400, 800, 1200].map((w) => load(url.replace(/-w\d+\.webp$/, `-w${w}.webp`))));
    }, sent.body.url!);
    expect(widths).toEqual([400, 800, 1200]);

    // a visitor's browser: 401 with the message, nothing stored
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/about");
    const refused = await visitorPage.evaluate(async () => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "x.jpg", { type: "image/jpeg" }));
      const response = await fetch("/admin/uploads", { method: "POST", body: form });
      return { status: response.status, body: (await response.json()) as { error?: string } };
    });
    expect(refused).toEqual({
      status: 401,
      body: { error: "Your session has ended. Please sign in again to upload pictures." },
    });
    await visitor.close();
  });
});
