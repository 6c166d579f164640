/*
 * The restarting parent `npm start` leaves running beside the shop (scripts/start.mjs): it starts the
 * server as a child and starts it again if it dies after it was ready, so a crash does not leave the shop
 * down. A child that stops before it was ready (a wrong setting, the port taken) ends this process with
 * the child's exit code; five restarts within a minute end it too (a crash loop is not worth repeating).
 * SIGINT and SIGTERM are passed on to the child, which finishes its requests and closes its database.
 *
 * It does nothing else all day, so it imports nothing but Node's own modules: no TypeScript loader, no
 * application code (decision 048: the parent held 74-82 MB with them, about 40 MB without, most of which
 * is Node's own code mapped from the same file as the server's).
 */
import { spawn } from "node:child_process";

/** The message a server sends its parent once it listens (server/index.ts). */
export const READY_MESSAGE = "ready";

/**
 * Runs `command args` and keeps it running. Options: `env` for the child; `restartsPerMinute` (5);
 * `restartDelayMs` (1 s) before a restart.
 */
export function supervise({ command, args, env = process.env, restartsPerMinute = 5, restartDelayMs = 1_000 }) {
  const restarts = [];
  let child = null;
  let stopping = false;

  const serve = () => {
    let ready = false;
    child = spawn(command, args, { env, stdio: ["inherit", "inherit", "inherit", "ipc"] });
    child.on("message", (message) => {
      if (message && message.shop === READY_MESSAGE) ready = true;
    });
    child.on("exit", (code, signal) => {
      child = null;
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
