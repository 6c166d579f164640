/**
 * Runs the production build, keeping its real warnings and errors but dropping one known, harmless
 * deprecation notice that @react-router/dev 7 prints under Vite 8 (`envFile` option).
 */
import { spawn } from "node:child_process";

const HARMLESS = /The `envFile` option is deprecated/;

export function build({ quiet = false } = {}) {
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
