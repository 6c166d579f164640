/* The staff member the dashboard is measured as: an account made with the shop's own command, and its session. */
import { spawnSync } from "node:child_process";
import { BASE, BENCH_STAFF, DATA_DIR } from "./settings";

/** Creates the staff account the dashboard is measured as, with the shop's own command (before the server opens the database). */
export function createBenchStaff(url: string | undefined): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR, LOG_LEVEL: "warn" };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  const run = spawnSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/admin-create.ts",
      "--name",
      BENCH_STAFF.name,
      "--email",
      BENCH_STAFF.email,
      "--password",
      BENCH_STAFF.password,
    ],
    { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (run.status !== 0) throw new Error(`admin:create failed: ${run.stderr || run.stdout}`);
}

/** Signs the bench's staff member in as the footer's ADM modal does; returns the session cookie, checked against /admin. */
export async function staffCookie(): Promise<string> {
  const response = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE, connection: "close" },
    body: JSON.stringify({ email: BENCH_STAFF.email, password: BENCH_STAFF.password }),
  });
  if (!response.ok) throw new Error(`staff sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const page = await fetch(`${BASE}/admin`, { headers: { cookie, connection: "close" } });
  const html = await page.text();
  if (page.status !== 200 || !html.includes("Total Orders"))
    throw new Error(`/admin as staff answered ${page.status} without the dashboard`);
  return cookie;
}
