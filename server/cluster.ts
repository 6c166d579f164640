/*
 * WEB_CONCURRENCY > 1 on PostgreSQL (decision 029): this primary process starts that many server
 * processes, which share the one port through node:cluster (the primary hands out connections). It
 * serves nothing itself:
 *
 * - the first process starts alone (it migrates and, on a first run, seeds), then the others;
 * - once all listen it prints the start-up banner and tells `npm start` the shop is ready;
 * - page-cache purges reach the other processes through the database (decision 044), not through here;
 *   a copy one process renders is relayed to the others (server/copy-sharing.ts, decision 056);
 * - a process that dies after it was ready is started again (a crash loop of five a minute stops all);
 * - SIGINT / SIGTERM (or `npm start` going away) stop every process the usual way: requests in flight
 *   finish, then each closes its database pool.
 */
import cluster, { type Worker } from "node:cluster";
import { isCopyMessage } from "./copy-sharing";

type WorkerMessage = { shop?: string; banner?: string } | null;

const RESTARTS_PER_MINUTE = 5;

export function runPrimary(processes: number): Promise<void> {
  let stopping = false;
  let announced = false;
  let banner = "";
  const ready = new Set<Worker>();
  const restarts: number[] = [];

  const stopAll = (why: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${why}: stopping ${Object.keys(cluster.workers ?? {}).length} server processes...`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    const check = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
    };
    cluster.on("exit", check);
    check();
  };

  const start = (): Worker => {
    const worker = cluster.fork();
    worker.on("message", (message: WorkerMessage) => {
      if (isCopyMessage(message)) {
        for (const other of Object.values(cluster.workers ?? {}))
          if (other && other !== worker && ready.has(other) && other.isConnected()) other.send(message);
        return;
      }
      if (message?.shop === "ready") {
        ready.add(worker);
        banner ||= message.banner ?? "";
        if (ready.size === 1 && !announced) startRest();
        if (ready.size === processes && !announced) {
          announced = true;
          console.log(`${banner}  ${processes} server processes on this port (WEB_CONCURRENCY)\n`);
          process.send?.({ shop: "ready" });
        }
      }
    });
    worker.on("exit", (code, signal) => {
      const wasReady = ready.delete(worker);
      if (stopping) return;
      if (!wasReady) {
        // it never started (a wrong setting, the port taken): the others would fail the same way
        stopAll("A server process could not start", code ?? 1);
        return;
      }
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
      if (restarts.length > RESTARTS_PER_MINUTE) {
        stopAll(`Server processes stopped ${restarts.length} times within a minute; not starting them again`, 1);
        return;
      }
      console.error(
        `\n  A server process stopped unexpectedly (${signal ?? `exit code ${code}`}); starting another...\n`,
      );
      start();
    });
    return worker;
  };

  let restStarted = false;
  const startRest = () => {
    if (restStarted) return;
    restStarted = true;
    for (let i = 1; i < processes; i++) start();
  };

  // pages' copies go between the processes as they are (Buffers), not as JSON arrays of numbers
  cluster.setupPrimary({ serialization: "advanced" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stopAll(signal));
  // Run by `npm start`: if that supervisor goes away, so does the shop.
  process.on("disconnect", () => stopAll("supervisor gone"));
  start();
  return new Promise<void>(() => {});
}
