import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray, sql } from "drizzle-orm";
import { isPlainEmailAddress } from "../../config.server";
import type { Db, Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { processSlot } from "../../lib/process-singleton";
import type { SmsProvider } from "../accounts/index.server";
import type { EmailProvider } from "./email.server";
import { outboxMessages } from "./schema.server";

/*
 * The outbox (decision 015): a message is a row written in the transaction that decided
 * to send it, and delivered only after that transaction commits. A rollback leaves no message; a
 * crash after the commit leaves the row for the next delivery run; the same `dedupeKey` queued
 * twice is one message.
 *
 * Delivery claims due rows a few at a time, oldest first, in one statement that pushes their
 * `next_attempt_at` forward (a lease, with FOR UPDATE SKIP LOCKED so several app instances never claim
 * the same row), hands each to the provider of its channel (SMS or e-mail), then marks it sent; what is
 * left of a batch when half its lease has gone by is given back unsent. A sale's burst of orders queues
 * two confirmations each: a statement per batch instead of one per message. The one window left: the provider
 * accepts the message and the process dies before `sent_at` is written; the row is tried again when
 * its lease runs out. Neither the SMS gateways nor SMTP take an idempotency key, so that window cannot
 * be closed from this side.
 */

/** A text message (the channel defaults to 'sms'). */
export interface NewMessage {
  channel?: "sms";
  /** +91XXXXXXXXXX */
  recipient: string;
  body: string;
  kind: string;
  dedupeKey: string;
}

/** An e-mail: `body` is its plain-text part. */
export interface NewEmailMessage {
  channel: "email";
  /** one plain address */
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  kind: string;
  dedupeKey: string;
}

export type OutboxMessage = NewMessage | NewEmailMessage;

/** Queues messages inside the caller's transaction. Keys already queued are skipped. Returns how many were new. */
export async function queueMessages(tx: Tx | Db, messages: readonly OutboxMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  for (const m of messages) {
    // A list or a name here would be sent to whoever it names: callers check addresses first.
    if (m.channel === "email" && !isPlainEmailAddress(m.recipient))
      throw new RangeError("an e-mail's recipient must be one plain address");
  }
  const rows = await tx
    .insert(outboxMessages)
    .values(
      messages.map((m) =>
        m.channel === "email"
          ? {
              channel: "email",
              recipient: m.recipient,
              subject: m.subject,
              body: m.body,
              html: m.html,
              kind: m.kind,
              dedupeKey: m.dedupeKey,
            }
          : { channel: "sms", recipient: m.recipient, body: m.body, kind: m.kind, dedupeKey: m.dedupeKey },
      ),
    )
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** Who delivers each channel. A channel without a provider is left queued (its rows are not claimed). */
export interface Senders {
  sms?: SmsProvider;
  email?: EmailProvider;
}

function sendersOf(senders: SmsProvider | Senders): Senders {
  return "send" in senders ? { sms: senders } : senders;
}

/** How long a claimed message is left to its worker before another may try it. */
const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 8;

/** Waits between attempts: 1, 2, 4, ... minutes, at most 6 hours. */
function retryDelayMs(attempts: number): number {
  return Math.min(6 * 3600_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  kind: string;
  attempts: number;
}

/**
 * Messages claimed in one statement. Each is leased until it is sent or given back; a batch is given
 * back (what is left of it) once half the lease has gone by, so that no message is sent after its
 * lease ran out and another worker may have claimed it.
 */
const CLAIM_BATCH = 10;

/** The longest a delivery run waits for a quiet moment before it sends anyway, and how often it looks. */
export const QUIET_WAIT_MAX_MS = 10_000;
const QUIET_POLL_MS = 50;

/** Claims up to `max` due messages of these channels, oldest due first (one statement). */
async function claimDue(db: Db, now: Date, channels: string[], max: number): Promise<Claimed[]> {
  const leaseEnd = new Date(now.getTime() + LEASE_MS);
  const result = (await db.execute(sql`
    WITH due AS (
      SELECT ${outboxMessages.id} AS id, ${outboxMessages.nextAttemptAt} AS due_at
      FROM ${outboxMessages}
      WHERE ${outboxMessages.sentAt} IS NULL AND ${outboxMessages.failedAt} IS NULL
        AND ${outboxMessages.nextAttemptAt} <= ${now.toISOString()}::timestamptz
        AND ${inArray(outboxMessages.channel, channels)}
      ORDER BY ${outboxMessages.nextAttemptAt}
      LIMIT ${max}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE ${outboxMessages} AS o
      SET attempts = o.attempts + 1, next_attempt_at = ${leaseEnd.toISOString()}::timestamptz
      FROM due
      WHERE o.id = due.id
      RETURNING o.id, o.channel, o.recipient, o.subject, o.body, o.html, o.kind, o.attempts, due.due_at
    )
    SELECT id, channel, recipient, subject, body, html, kind, attempts FROM claimed ORDER BY due_at`)) as unknown as {
    rows: Claimed[];
  };
  return result.rows;
}

/** Gives claimed messages back unsent (their lease is ending): due again at once, the claim not counted. */
async function giveBack(db: Db, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outboxMessages)
    .set({ attempts: sql`${outboxMessages.attempts} - 1`, nextAttemptAt: now })
    .where(inArray(outboxMessages.id, [...ids]));
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends every message that is due (at most `limit`), oldest first: SMS rows through `sms`, e-mail rows
 * through `email`. Given an SmsProvider alone (as before e-mail existed), only SMS rows are claimed.
 */
export async function deliverDueMessages(
  db: Db,
  providers: SmsProvider | Senders,
  {
    now = () => new Date(),
    limit = 200,
    busy,
  }: {
    now?: () => Date;
    limit?: number;
    /** while this answers true, no batch is claimed (up to QUIET_WAIT_MAX_MS in a run): people are waiting */
    busy?: () => boolean;
  } = {},
): Promise<DeliveryReport> {
  const senders = sendersOf(providers);
  const channels = [...(senders.sms ? ["sms"] : []), ...(senders.email ? ["email"] : [])];
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const waitUntil = performance.now() + QUIET_WAIT_MAX_MS;
  let handled = 0;
  while (handled < limit && channels.length > 0) {
    // Shoppers waiting for their orders go first (decision 055): the messages wait for a quiet moment,
    // unclaimed, so another process may send them meanwhile; never longer than QUIET_WAIT_MAX_MS.
    while (busy?.() && performance.now() < waitUntil) await sleep(QUIET_POLL_MS);
    const claimedAt = performance.now();
    const batch = await claimDue(db, now(), channels, Math.min(CLAIM_BATCH, limit - handled));
    if (batch.length === 0) break;
    for (const [i, message] of batch.entries()) {
      // the first of a batch is always sent: each claim makes progress, however slow the sends
      if (i > 0 && performance.now() - claimedAt > LEASE_MS / 2) {
        await giveBack(
          db,
          batch.slice(i).map((m) => m.id),
          now(),
        );
        break;
      }
      handled += 1;
      await deliverOne(db, senders, message, now, report);
    }
  }
  return report;
}

/** Sends one claimed message and records how it went: sent, due again later, or given up. */
async function deliverOne(
  db: Db,
  senders: Senders,
  message: Claimed,
  now: () => Date,
  report: DeliveryReport,
): Promise<void> {
  try {
    await send(senders, message);
    await db.update(outboxMessages).set({ sentAt: now(), lastError: null }).where(eq(outboxMessages.id, message.id));
    report.sent += 1;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = message.attempts >= MAX_ATTEMPTS;
    await db
      .update(outboxMessages)
      .set(
        giveUp
          ? { failedAt: now(), lastError: reason }
          : { lastError: reason, nextAttemptAt: new Date(now().getTime() + retryDelayMs(message.attempts)) },
      )
      .where(eq(outboxMessages.id, message.id));
    getLogger().warn(
      { id: message.id, channel: message.channel, kind: message.kind, attempts: message.attempts, giveUp, reason },
      "outbox: a message could not be sent",
    );
    if (giveUp) report.failed += 1;
    else report.retrying += 1;
  }
}

async function send(senders: Senders, message: Claimed): Promise<void> {
  if (message.channel === "email") {
    if (!senders.email) throw new Error("no e-mail provider");
    await senders.email.send({
      to: message.recipient,
      subject: message.subject ?? "",
      text: message.body,
      html: message.html,
    });
    return;
  }
  if (!senders.sms) throw new Error("no SMS provider");
  await senders.sms.send(message.recipient, message.body);
}

/* The in-process worker: a delivery run at start, every `intervalMs`, and soon after `kickOutbox()`. */

interface Worker {
  kick: () => void;
  /** stops the timer; resolves when the run in progress (if any) has finished */
  stop: () => Promise<void>;
}

const worker = processSlot<Worker>("outboxWorker");

export function startOutboxWorker(
  db: Db,
  providers: SmsProvider | Senders,
  {
    intervalMs = 30_000,
    busy,
  }: {
    intervalMs?: number;
    /** the process is busy with people waiting (deliverDueMessages' `busy`) */
    busy?: () => boolean;
  } = {},
): Worker {
  void worker.get()?.stop();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDueMessages(db, providers, { busy })
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
  const started = worker.set({
    kick: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  });
  run();
  return started;
}

/** Asks this process's worker for a delivery run now (after a commit that queued messages). A no-op without one. */
export function kickOutbox(): void {
  worker.get()?.kick();
}

/** At shutdown: no new runs; waits for the one in progress so it is not cut off from the database. */
export async function stopOutboxWorker(): Promise<void> {
  const stopping = worker.get();
  worker.clear();
  await stopping?.stop();
}
