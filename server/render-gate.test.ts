import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { renderGate, type RenderGate } from "./render-gate";

/*
 * The render gate in front of a route that answers when the test says so: how many requests reach
 * the route at once, in which order the waiting ones get in, and what a visitor who leaves does.
 */

interface Rig {
  url: string;
  gate: RenderGate;
  /** the paths that reached the route, in order */
  reached: string[];
  /** answers the oldest request still held at the route */
  release(): void;
  close(): Promise<void>;
}

const rigs: Rig[] = [];
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((rig) => rig.close()));
});

async function rig(limit: number): Promise<Rig> {
  const gate = renderGate(limit);
  const reached: string[] = [];
  const held: Array<() => void> = [];
  const app = express();
  app.use(gate);
  app.use((req, res) => {
    reached.push(req.path);
    if (req.method === "POST" || req.path.startsWith("/quick")) res.send(`done ${req.path}`);
    else held.push(() => res.send(`done ${req.path}`));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const made: Rig = {
    url: `http://127.0.0.1:${port}`,
    gate,
    reached,
    release: () => held.shift()?.(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  rigs.push(made);
  return made;
}

/** Waits until `check` holds (the server runs in this process: a few turns of the event loop). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe("render gate", () => {
  it("lets `limit` page requests render at once and the rest in the order they came", async () => {
    const r = await rig(2);
    const answers = ["/a", "/b", "/c", "/d"].map((p) => fetch(`${r.url}${p}`).then((res) => res.text()));
    await until(() => r.reached.length === 2);
    expect(r.reached).toEqual(["/a", "/b"]);
    expect(r.gate.stats()).toEqual({ running: 2, waiting: 2 });

    r.release();
    await until(() => r.reached.length === 3);
    expect(r.reached).toEqual(["/a", "/b", "/c"]);
    r.release();
    await until(() => r.reached.length === 4);
    expect(r.reached).toEqual(["/a", "/b", "/c", "/d"]);
    r.release();
    r.release();
    expect(await Promise.all(answers)).toEqual(["done /a", "done /b", "done /c", "done /d"]);
    await until(() => r.gate.stats().running === 0);
  });

  it("queues the page cache's background renders with the page views, in order", async () => {
    const r = await rig(1);
    const first = fetch(`${r.url}/a`).then((res) => res.text());
    await until(() => r.reached.length === 1);
    let refreshing = false;
    const place = r.gate.acquire().then((release) => {
      refreshing = true;
      return release;
    });
    const second = fetch(`${r.url}/b`).then((res) => res.text());
    await until(() => r.gate.stats().waiting === 2);
    expect(refreshing).toBe(false);
    r.release();
    const giveBack = await place;
    expect(refreshing).toBe(true);
    expect(r.reached).toEqual(["/a"]);
    expect(r.gate.stats()).toEqual({ running: 1, waiting: 1 });
    giveBack();
    giveBack(); // twice is once
    await until(() => r.reached.length === 2);
    r.release();
    expect(await Promise.all([first, second])).toEqual(["done /a", "done /b"]);
  });

  it("never holds a form post behind the page views", async () => {
    const r = await rig(1);
    const page = fetch(`${r.url}/page`).then((res) => res.text());
    await until(() => r.reached.length === 1);
    const post = await fetch(`${r.url}/form`, { method: "POST", body: "x=1" });
    expect(await post.text()).toBe("done /form");
    r.release();
    expect(await page).toBe("done /page");
  });

  it("gives up the place of a visitor who leaves while waiting", async () => {
    const r = await rig(1);
    const first = fetch(`${r.url}/first`).then((res) => res.text());
    await until(() => r.reached.length === 1);
    const leaving = new AbortController();
    const gone = fetch(`${r.url}/gone`, { signal: leaving.signal }).catch(() => "aborted");
    const next = fetch(`${r.url}/quick-next`).then((res) => res.text());
    await until(() => r.gate.stats().waiting === 2);
    leaving.abort();
    expect(await gone).toBe("aborted");
    await until(() => r.gate.stats().waiting === 1);

    r.release();
    expect(await first).toBe("done /first");
    expect(await next).toBe("done /quick-next");
    expect(r.reached).toEqual(["/first", "/quick-next"]);
  });

  it("lets everything through at once when the limit is 0", async () => {
    const r = await rig(0);
    const answers = ["/a", "/b", "/c"].map((p) => fetch(`${r.url}${p}`).then((res) => res.text()));
    await until(() => r.reached.length === 3);
    r.release();
    r.release();
    r.release();
    expect(await Promise.all(answers)).toEqual(["done /a", "done /b", "done /c"]);
  });
});
