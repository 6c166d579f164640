/*
 * The restarting parent `npm start` leaves running beside the shop (scripts/start.mjs): it starts the
 * server as a child and starts it again if it dies after it was ready, so a crash does not leave the shop
 * down. A child that stops before it was ready (a wrong setting, the port taken) ends this process with
 * the child's exit code; five restarts within a minute end it too (a crash loop is not worth repeating).
 * SIGINT and SIGTERM are passed on to the child, which finishes its requests and closes its database.
 *
 * On a shop's first run the server seeds the database and then, instead of listening, says so
 * (SEEDED_MESSAGE) and exits; it is started again at once. Drawing the demo pictures and filling the
 * database left the process holding about 70 MB it would never use again (decision 048); a fresh
 * process does not. The server does this only when asked (FRESH_AFTER_SEED in its environment), and
 * only the first server started is asked.
 *
 * It does nothing else all day, so it imports nothing but Node's own modules: no TypeScript loader, no
 * application code (decision 048: the parent held 74-82 MB with them, about 46 MB without, most of which
 * is Node's own code mapped from the same file as the server's).
 */
import { spawn } from "node:child_process";

/** The message a server sends its parent once it listens (server/index.ts). */
export const READY_MESSAGE = "ready";
/** The message a server sends, then exits, when it has seeded a new shop and was asked to stop there. */
export const SEEDED_MESSAGE = "seeded";
/** The environment variable that asks the server for that (server/index.ts). */
export const FRESH_AFTER_SEED = "SHOP_FRESH_AFTER_SEED";

/**
 * Runs `command args` and keeps it running. Options: `env` for the child; `restartsPerMinute` (5);
 * `restartDelayMs` (1 s) before a restart.
 */
export function supervise({ command, args, env = process.env, restartsPerMinute = 5, restartDelayMs = 1_000 }) {
  const restarts = [];
  let child = null;
  let stopping = false;
  // only the first server is asked (one fresh start at most, whatever happens)
  let first = true;

  const serve = () => {
    let ready = false;
    let seeded = false;
    child = spawn(command, args, {
      env: first ? { ...env, [FRESH_AFTER_SEED]: "1" } : env,
      stdio: ["inherit", "inherit", "inherit", "ipc"],
    });
    first = false;
    child.on("message", (message) => {
      if (message && message.shop === READY_MESSAGE) ready = true;
      if (message && message.shop === SEEDED_MESSAGE) seeded = true;
    });
    child.on("exit", (code, signal) => {
      child = null;
      if (!stopping && seeded && code === 0) {
        console.log("\n  First run done: starting the shop afresh, without what seeding left in memory...\n");
        serve();
        return;
      }
      if (stopping || !ready) process.exit(code ?? (signal ? 1 : 0));
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0] < now - 60_000) restarts.shift();
      if (restarts.length > restartsPerMinute) {
        console.error(
          `The shop stopped ${restarts.length} times within a minute; not restarting it again. See the messages above.`,
        );
        process.exit(1);
      }
      console.error(`\n  The shop stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again...\n`);
      setTimeout(serve, restartDelayMs);
    });
  };

  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stopping = true;
      if (child) child.kill(signal);
      else process.exit(0);
    });
  }
  serve();
}
