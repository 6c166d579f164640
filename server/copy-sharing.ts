/*
 * With several server processes on one machine (WEB_CONCURRENCY, server/cluster.ts), each copy a process
 * renders for its page cache is handed to the others through the cluster's primary, so a page is rendered
 * once per machine instead of once per process (decision 056). The primary relays; each process keeps the
 * copy unless a purge it saw since the render began touches it (`PageCache.adopt`).
 */
import cluster from "node:cluster";
import type { Entry } from "./page-copies";
import type { PageCache, SharedCopy } from "./page-cache";

export interface CopyMessage {
  shop: "copy";
  copy: SharedCopy;
}

export const isCopyMessage = (message: unknown): message is CopyMessage =>
  typeof message === "object" && message !== null && (message as { shop?: unknown }).shop === "copy";

/** A Buffer sent through the cluster's channel may arrive as a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array | null | undefined): Buffer | undefined =>
  bytes ? (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : undefined;

/** A copy as it came through the channel, with its bytes as Buffers again. */
export function received(copy: SharedCopy): SharedCopy {
  const { body, encoded } = copy.entry;
  const entry: Entry = {
    ...copy.entry,
    body: asBuffer(body) ?? null,
    encoded: { br: asBuffer(encoded.br), gzip: asBuffer(encoded.gzip) },
  };
  return { ...copy, entry };
}

/**
 * In a cluster worker: how this process's cache hands its copies to its siblings, and `listen`, which
 * feeds theirs into it. Outside a cluster (one process, PGlite, tests) there is no one to share with.
 */
export function siblingCopies(): { share?: (copy: SharedCopy) => void; listen(cache: PageCache): void } {
  if (!cluster.isWorker || !process.send) return { listen: () => {} };
  return {
    share: (copy) => {
      if (process.connected) process.send!({ shop: "copy", copy } satisfies CopyMessage);
    },
    listen: (cache) => {
      process.on("message", (message: unknown) => {
        if (isCopyMessage(message)) cache.adopt(received(message.copy));
      });
    },
  };
}
