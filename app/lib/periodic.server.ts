/*
 * Background rounds the server runs now and then (the abandoned-payments sweep, the unattached-
 * uploads sweep): one round at a time per job, never overlapping, stopped and awaited at shutdown.
 * Kept once per process (process-singleton.ts) so a development reload replaces a job instead of
 * starting a second one.
 */

import { processSingleton } from "./process-singleton";

interface Job {
  timer: NodeJS.Timeout;
  running: Promise<unknown> | null;
}

function jobs(): Map<string, Job> {
  return processSingleton("periodicJobs", () => new Map<string, Job>());
}

/**
 * Runs `round` now and then every `everyMs`, skipping a tick while the previous round is still at
 * work. `round` handles and logs its own errors. Starting a job of the same name replaces it.
 */
export function startPeriodic(name: string, everyMs: number, round: () => Promise<unknown>): void {
  void stopPeriodic(name);
  const run = () => {
    if (jobs().get(name) !== job || job.running) return;
    job.running = round().finally(() => {
      job.running = null;
    });
  };
  const job: Job = { timer: setInterval(run, everyMs), running: null };
  job.timer.unref();
  jobs().set(name, job);
  run();
}

/** Stops a job and waits for a round in progress (graceful shutdown). */
export async function stopPeriodic(name: string): Promise<void> {
  const job = jobs().get(name);
  if (!job) return;
  clearInterval(job.timer);
  jobs().delete(name);
  await job.running;
}
