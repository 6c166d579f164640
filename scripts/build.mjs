/**
 * The production build: React Router's build of the app (client and server), then the Node entry
 * (server/index.ts) bundled into build/server/main.js, so `npm start` runs it with plain node.
 * Loading the server through tsx's loader cost about 250 MB per process (its loader thread handled
 * every module, the 1.5 MB server build included); plain node does not (decision 029).
 * Keeps the build's real warnings and errors but drops one known, harmless deprecation notice that
 * @react-router/dev 7 prints under Vite 8 (`envFile` option).
 */
import { spawn } from "node:child_process";

const HARMLESS = /The `envFile` option is deprecated/;

function reactRouterBuild(quiet) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
      stdio: ["ignore", quiet ? "ignore" : "inherit", "pipe"],
    });
    let pending = "";
    child.stderr.on("data", (chunk) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (!HARMLESS.test(line)) process.stderr.write(`${line}\n`);
    });
    child.on("close", (code) => {
      if (pending && !HARMLESS.test(pending)) process.stderr.write(pending);
      resolve(code ?? 1);
    });
  });
}

/** The server entry and the few app modules it imports itself; packages stay in node_modules. */
export const SERVER_ENTRY = "build/server/main.js";

/**
 * Node's flags for a production server process (`npm start`, so the end-to-end tests' server, and
 * the bench). With a heap ceiling of 1 GB or less V8 grows the old generation by a small factor over
 * the live data (about 60 MB) instead of up to four times: the 2-minute soak peaked at 299 MB instead
 * of 481 MB, at about the same throughput (docs/decisions/030). 1 GB is far above anything the shop
 * holds at once.
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=1024"];

async function serverBundle() {
  const esbuild = await import("esbuild");
  try {
    await esbuild.build({
      entryPoints: ["server/index.ts"],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      outfile: SERVER_ENTRY,
      logLevel: "warning",
    });
    return 0;
  } catch {
    return 1;
  }
}

export async function build({ quiet = false } = {}) {
  const status = await reactRouterBuild(quiet);
  return status !== 0 ? status : serverBundle();
}

// `npm run build`
if (import.meta.url === `file://${process.argv[1]}`) process.exit(await build());
