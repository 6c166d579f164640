import { inArray, sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type { SmsProvider } from "../../app/modules/accounts/sms.server";
import { deliverDueMessages, QUIET_WAIT_MAX_MS, queueMessages } from "../../app/modules/messages/outbox.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The outbox claims its due messages a few at a time (one statement per batch): every message is sent
 * once, oldest first, across batches and across two workers at once, and none is sent after its lease
 * has run out (another worker may have claimed it by then).
 */

const t = setupTestDatabase();
let run = 0;

/** Queues `count` text messages, each due a second after the one before; answers their recipients in that order. */
async function queue(count: number): Promise<string[]> {
  run += 1;
  const recipients = Array.from(
    { length: count },
    (_, i) => `+91981${String(run).padStart(2, "0")}${String(i).padStart(5, "0")}`,
  );
  await queueMessages(
    t.db,
    recipients.map((recipient, i) => ({
      recipient,
      body: `message ${i}`,
      kind: "test",
      dedupeKey: `batch-${run}-${i}`,
    })),
  );
  // due one after another, a minute ago and on, so that 'oldest first' has one answer
  const start = Date.now() - 60_000;
  for (const [i, recipient] of recipients.entries()) {
    await t.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(start + i * 1000) })
      .where(inArray(outboxMessages.recipient, [recipient]));
  }
  return recipients;
}

function recorder(onSend?: (to: string) => Promise<void>): SmsProvider & { sent: string[] } {
  const sent: string[] = [];
  return {
    name: "recorder",
    sent,
    async send(to) {
      await onSend?.(to);
      sent.push(to);
    },
  };
}

async function unsent(recipients: string[]): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(sql`${inArray(outboxMessages.recipient, recipients)} AND ${outboxMessages.sentAt} IS NULL`);
  return Number(row?.n ?? 0);
}

describe("outbox batches", () => {
  it("sends every due message once, oldest first, over several batches, and stops at the run's limit", async () => {
    const recipients = await queue(23);
    const sms = recorder();
    expect(await deliverDueMessages(t.db, sms, { limit: 12 })).toEqual({ sent: 12, retrying: 0, failed: 0 });
    expect(sms.sent).toEqual(recipients.slice(0, 12));
    expect(await unsent(recipients)).toBe(11);
    expect(await deliverDueMessages(t.db, sms)).toEqual({ sent: 11, retrying: 0, failed: 0 });
    expect(sms.sent).toEqual(recipients);
    const rows = await t.db
      .select({ attempts: outboxMessages.attempts })
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, recipients));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it("never sends a message twice when two workers deliver at once", async () => {
    const recipients = await queue(30);
    const sms = recorder(() => new Promise((resolve) => setTimeout(resolve, 2)));
    const [a, b] = await Promise.all([deliverDueMessages(t.db, sms), deliverDueMessages(t.db, sms)]);
    expect(a.sent + b.sent).toBe(30);
    expect([...sms.sent].sort()).toEqual([...recipients].sort());
    expect(await unsent(recipients)).toBe(0);
  });

  it("gives back what is left of a batch once half its lease has gone by: no message is sent past its lease", async () => {
    const recipients = await queue(5);
    // every send takes 61 s of the clocks: past half of the two-minute lease after the first one
    let clock = 0;
    const clockSpy = vi.spyOn(performance, "now").mockImplementation(() => clock);
    onTestFinished(() => clockSpy.mockRestore());
    const base = Date.now();
    const now = () => new Date(base + clock);
    const leaseLeft: number[] = [];
    const sms = recorder(async (to) => {
      const [row] = await t.db
        .select({ leaseEnd: outboxMessages.nextAttemptAt })
        .from(outboxMessages)
        .where(inArray(outboxMessages.recipient, [to]));
      leaseLeft.push(row!.leaseEnd.getTime() - now().getTime());
      clock += 61_000;
    });
    expect(await deliverDueMessages(t.db, sms, { now })).toEqual({ sent: 5, retrying: 0, failed: 0 });
    expect(sms.sent).toEqual(recipients);
    // each was sent with more than half of its lease ahead (it was claimed again after the give-back)
    expect(leaseLeft.every((ms) => ms > 60_000)).toBe(true);
    const rows = await t.db
      .select({ attempts: outboxMessages.attempts })
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, recipients));
    // a message given back does not count the claim as an attempt
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1]);
  });

  it("claims nothing while shoppers wait for their turn to order, and sends everything once none does", async () => {
    const recipients = await queue(4);
    const sms = recorder();
    let busy = true;
    const delivered = deliverDueMessages(t.db, sms, { busy: () => busy });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sms.sent).toEqual([]);
    // left unclaimed (no attempt counted, no lease taken): another process may send them meanwhile
    const rows = await t.db
      .select({ attempts: outboxMessages.attempts, due: outboxMessages.nextAttemptAt })
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, recipients));
    expect(rows.map((r) => r.attempts)).toEqual([0, 0, 0, 0]);
    expect(rows.every((r) => r.due.getTime() < Date.now())).toBe(true);
    busy = false;
    expect(await delivered).toEqual({ sent: 4, retrying: 0, failed: 0 });
    expect(sms.sent).toEqual(recipients);
  });

  it("sends anyway once it has waited its longest for a quiet moment", async () => {
    const recipients = await queue(3);
    // each look at the clock is a second later: the wait runs out after about ten looks
    let clock = 0;
    const clockSpy = vi.spyOn(performance, "now").mockImplementation(() => (clock += 1000));
    onTestFinished(() => clockSpy.mockRestore());
    let looks = 0;
    const sms = recorder();
    const report = await deliverDueMessages(t.db, sms, { busy: () => (looks += 1) > 0 });
    expect(report).toEqual({ sent: 3, retrying: 0, failed: 0 });
    expect(sms.sent).toEqual(recipients);
    expect(looks).toBeGreaterThanOrEqual(QUIET_WAIT_MAX_MS / 1000 - 2);
    expect(looks).toBeLessThan(QUIET_WAIT_MAX_MS / 1000 + 5);
  });
});
