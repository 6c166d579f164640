import { describe, expect, it } from "vitest";
import { headRewriter, lowPriorityModulePreloads } from "./entry.server";

const HEAD =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n"/><link rel="stylesheet" href="/assets/root.css"/></head>';
const BODY =
  '<body><p>rel="modulepreload" in the text stays as it is</p><link rel="modulepreload" href="/late.js"/></body></html>';
const LOW_HEAD = HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

async function through(chunks: string[]): Promise<string> {
  const stream = headRewriter();
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(Buffer.from(chunk));
  stream.end();
  await done;
  return Buffer.concat(out).toString();
}

describe("the document's module preloads at low priority", () => {
  it("asks for every module preload in the head at low priority and leaves the rest alone", () => {
    expect(lowPriorityModulePreloads(Buffer.from(HEAD)).toString()).toBe(LOW_HEAD);
    const plain = Buffer.from("<head><title>Saanjh</title></head>");
    expect(lowPriorityModulePreloads(plain)).toBe(plain);
  });

  it("rewrites the head of a streamed page however React's writes cut it, and never the body", async () => {
    const page = HEAD + BODY;
    expect(await through([page])).toBe(LOW_HEAD + BODY);
    // cut inside a preload tag, inside </head> and between every byte
    expect(await through([page.slice(0, 40), page.slice(40, HEAD.length - 3), page.slice(HEAD.length - 3)])).toBe(
      LOW_HEAD + BODY,
    );
    expect(await through([...page])).toBe(LOW_HEAD + BODY);
    // a document that never closes its head is passed on whole
    expect(await through(["<html><head><title>x", "</title>"])).toBe("<html><head><title>x</title>");
  });
});
