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
 *
 * `--wasm-num-compilation-tasks=1`: the embedded database is WebAssembly, which V8 recompiles with its
 * optimising compiler as parts of it get busy, by default in as many background tasks as it likes. Each
 * compilation's working memory is freed afterwards but stays with the process (the C allocator keeps
 * it); one task at a time left about 35 MB less in the server, at the same speed once warm
 * (decision 048). No effect on PostgreSQL, where nothing is WebAssembly.
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=1024", "--wasm-num-compilation-tasks=1"];

/**
 * The environment of a production server process (`npm start` adds it to its own): the settings
 * below, each unless already set. They tell glibc's allocator (Linux) to keep less memory it no longer
 * uses (decision 048):
 * - MALLOC_ARENA_MAX=2: every thread that allocates (libvips drawing pictures, libuv's pool, V8's
 *   compilers) otherwise gets an arena of its own, up to eight per core, each keeping what it once
 *   held; the first run's seed, which draws every demo picture, left several hundred MB in them;
 * - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ at 128 KB, glibc's starting values, which it
 *   otherwise raises (up to 32 and 64 MB) after large blocks are freed: large blocks keep coming from
 *   and going back to the system, and the free top of the heap is given back.
 * Other C libraries (macOS, Alpine's musl) ignore them.
 */
export function serverEnvironment(env) {
  return {
    MALLOC_ARENA_MAX: "2",
    MALLOC_MMAP_THRESHOLD_: "131072",
    MALLOC_TRIM_THRESHOLD_: "131072",
    ...env,
  };
}

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
