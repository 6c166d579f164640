import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import type { SmsProvider } from "../accounts/sms.server";
import { outboxMessages } from "./schema.server";

/*
 * The outbox (DESIGN.md, decision 015): a message is a row written in the transaction that decided
 * to send it, and delivered only after that transaction commits. A rollback leaves no message; a
 * crash after the commit leaves the row for the next delivery run; the same `dedupeKey` queued
 * twice is one message.
 *
 * Delivery claims one row at a time by pushing its `next_attempt_at` forward (a lease, with
 * FOR UPDATE SKIP LOCKED so several app instances never claim the same row), hands it to the SMS
 * provider, then marks it sent. The one window left: the provider accepts the message and the
 * process dies before `sent_at` is written; the row is tried again when its lease runs out. No SMS
 * gateway we use takes an idempotency key, so that window cannot be closed from this side.
 */

export interface NewMessage {
  recipient: string;
  body: string;
  kind: string;
  dedupeKey: string;
}

/** Queues messages inside the caller's transaction. Keys already queued are skipped. Returns how many were new. */
export async function queueMessages(tx: Tx | Db, messages: readonly NewMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await tx
    .insert(outboxMessages)
    .values(messages.map((m) => ({ channel: "sms", ...m })))
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** How long a claimed message is left to its worker before another may try it. */
const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 8;

/** Waits between attempts: 1, 2, 4, ... minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(6 * 3600_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

async function claimOne(db: Db, now: Date): Promise<{ id: string; recipient: string; body: string; kind: string; attempts: number } | null> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(isNull(outboxMessages.sentAt), isNull(outboxMessages.failedAt), lte(outboxMessages.nextAttemptAt, now)))
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(outboxMessages)
    .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(sql`${outboxMessages.id} = (${due})`)
    .returning({ id: outboxMessages.id, recipient: outboxMessages.recipient, body: outboxMessages.body, kind: outboxMessages.kind, attempts: outboxMessages.attempts });
  return row ?? null;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends every message that is due (at most `limit`), oldest first. */
export async function deliverDueMessages(db: Db, sms: SmsProvider, { now = () => new Date(), limit = 200 }: { now?: () => Date; limit?: number } = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (let n = 0; n < limit; n++) {
    const message = await claimOne(db, now());
    if (!message) break;
    try {
      await sms.send(message.recipient, message.body);
      await db.update(outboxMessages).set({ sentAt: now(), lastError: null }).where(eq(outboxMessages.id, message.id));
      report.sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = message.attempts >= MAX_ATTEMPTS;
      await db
        .update(outboxMessages)
        .set(giveUp ? { failedAt: now(), lastError: reason } : { lastError: reason, nextAttemptAt: new Date(now().getTime() + retryDelayMs(message.attempts)) })
        .where(eq(outboxMessages.id, message.id));
      getLogger().warn({ id: message.id, kind: message.kind, attempts: message.attempts, giveUp, reason }, "outbox: a message could not be sent");
      if (giveUp) report.failed += 1;
      else report.retrying += 1;
    }
  }
  return report;
}

/* The in-process worker: a delivery run at start, every `intervalMs`, and soon after `kickOutbox()`. */

interface Worker {
  kick: () => void;
  /** stops the timer; resolves when the run in progress (if any) has finished */
  stop: () => Promise<void>;
}

const WORKER = Symbol.for("shop.outboxWorker");
type GlobalWithWorker = typeof globalThis & { [WORKER]?: Worker };

export function startOutboxWorker(db: Db, sms: SmsProvider, { intervalMs = 30_000 }: { intervalMs?: number } = {}): Worker {
  const g = globalThis as GlobalWithWorker;
  void g[WORKER]?.stop();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDueMessages(db, sms)
      .then((r) => {
        if (r.sent + r.retrying + r.failed > 0) getLogger().info(r, "outbox: delivery run");
      })
      .catch((error: unknown) => getLogger().error({ err: error }, "outbox: delivery run failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const worker: Worker = {
    kick: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
  g[WORKER] = worker;
  run();
  return worker;
}

/** Asks this process's worker for a delivery run now (after a commit that queued messages). A no-op without one. */
export function kickOutbox(): void {
  (globalThis as GlobalWithWorker)[WORKER]?.kick();
}

/** At shutdown: no new runs; waits for the one in progress so it is not cut off from the database. */
export async function stopOutboxWorker(): Promise<void> {
  const g = globalThis as GlobalWithWorker;
  const worker = g[WORKER];
  delete g[WORKER];
  await worker?.stop();
}
