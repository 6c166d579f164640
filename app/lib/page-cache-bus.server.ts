/*
 * Purges of the shared page cache across processes and instances on one PostgreSQL database
 * (docs/decisions/044). Every purge is sent with `pg_notify` on the channel `shop_page_cache`, and every
 * process listens on that channel on a connection of its own; a purge reaches the other processes in
 * milliseconds, so their copies can live for minutes.
 *
 * - A process ignores its own messages (it has already purged its copies).
 * - A message larger than NOTIFY takes (8,000 bytes) becomes a purge of every copy.
 * - While the listening connection is down, purges from elsewhere can be missed: it reconnects (after
 *   1, 2, 4 ... up to 15 s), and once it is back every copy is purged, since any of them may be old.
 * - PGlite runs in one process only: there is nobody to tell, and nothing is started.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { sql, type Db } from "../db/client.server";
import type { PurgeScope } from "./page-cache.server";

export const PURGE_CHANNEL = "shop_page_cache";
const MAX_PAYLOAD = 7_900;

/** The longest grace a message may ask for (ms): more is read as none given. */
const MAX_GRACE_MS = 1000;

/** This process, in its messages. */
const sender = randomUUID();

interface Message {
  from: string;
  tags?: readonly string[];
  graceMs?: number;
  /** only made stale (the receiving cache's own stale window applies) */
  expire?: boolean;
}

/** The message for a purge: its tags, or none for every copy (also when the tags would not fit). */
export function purgeMessage(scope: PurgeScope, from: string = sender): string {
  const all = JSON.stringify({ from } satisfies Message);
  if (scope === null) return all;
  const tagged = JSON.stringify({
    from,
    tags: scope.tags,
    graceMs: scope.graceMs,
    ...(scope.expire ? { expire: true } : {}),
  } satisfies Message);
  return tagged.length <= MAX_PAYLOAD ? tagged : all;
}

/** The scope a message asks for, or undefined for this process's own message or one it cannot read. */
export function scopeOfMessage(payload: string | undefined, self: string = sender): PurgeScope | undefined {
  try {
    const message = JSON.parse(payload ?? "") as Partial<Message>;
    if (typeof message.from !== "string" || message.from === self) return undefined;
    if (message.tags === undefined) return null;
    if (!Array.isArray(message.tags) || !message.tags.every((tag) => typeof tag === "string")) return null;
    if (message.expire === true) return { tags: message.tags, expire: true };
    const grace = message.graceMs;
    return typeof grace === "number" && Number.isInteger(grace) && grace >= 0 && grace <= MAX_GRACE_MS
      ? { tags: message.tags, graceMs: grace }
      : { tags: message.tags };
  } catch {
    return undefined;
  }
}

/**
 * Sends a purge to every other process; a failure is logged by the caller's `onError`, never thrown. The
 * answer settles once the database has taken it (or it failed): a script waits for it before it closes.
 */
export function announcePurge(db: Db, scope: PurgeScope, onError: (error: unknown) => void): Promise<void> {
  return db.execute(sql`select pg_notify(${PURGE_CHANNEL}, ${purgeMessage(scope)})`).then(() => {}, onError);
}

export interface PurgeListener {
  stop(): Promise<void>;
}

/**
 * Listens for other processes' purges on `url` and hands each to `onPurge`; every copy is purged after
 * a reconnection. `onState` hears of connections lost and made (for the log).
 */
export function listenForPurges(options: {
  url: string;
  onPurge: (scope: PurgeScope) => void;
  onState?: (state: "listening" | "lost", error?: unknown) => void;
}): PurgeListener {
  const { url, onPurge, onState } = options;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1_000;
  let connectedBefore = false;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client = next;
    const lost = (error?: unknown) => {
      if (client !== next || stopped) return;
      client = null;
      onState?.("lost", error);
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 15_000);
    };
    next.on("error", lost);
    next.on("end", () => lost());
    next.on("notification", (message) => {
      if (message.channel !== PURGE_CHANNEL) return;
      const scope = scopeOfMessage(message.payload);
      if (scope !== undefined) onPurge(scope);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${PURGE_CHANNEL}`);
    } catch (error) {
      lost(error);
      return;
    }
    if (stopped) return void next.end().catch(() => {});
    delay = 1_000;
    onState?.("listening");
    // purges sent while this process was not listening are lost: every copy may be old
    if (connectedBefore) onPurge(null);
    connectedBefore = true;
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
