/**
 * `npm run admin:create -- --name N --email E --password P`
 * Creates a staff (admin) account. Asks for what is missing when run in a terminal; refuses weak passwords.
 * Works on the embedded database (stop the shop first: one process at a time) and on DATABASE_URL.
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { getConfig } from "../app/config.server";
import { createAuth } from "../app/modules/accounts/index.server";
import { consoleSmsProvider } from "../app/modules/accounts/index.server";
import { createStaffAccount, staffInputSchema } from "../app/modules/accounts/index.server";
import { openConfiguredDatabase } from "./cli-database";

const USAGE =
  "Usage: npm run admin:create -- --name \"Full Name\" --email you@example.com --password '<at least 10 characters>'";

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const answer = await rl.question(question);
  rl.close();
  return answer.trim();
}

/** Reads a line from the terminal in raw mode without echoing it. */
function askHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve) => {
    let value = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          stdin.off("data", onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          process.stdout.write("\n");
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else if (char >= " ") value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function main(): Promise<number> {
  let values: { name?: string; email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        name: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const interactive = process.stdin.isTTY === true;
  const missing = (["name", "email", "password"] as const).filter((k) => !values[k]);
  if (missing.length > 0 && !interactive) {
    console.error(`Missing ${missing.map((m) => `--${m}`).join(", ")}.\n${USAGE}`);
    return 2;
  }
  const name = values.name ?? (await ask("Name: "));
  const email = values.email ?? (await ask("E-mail: "));
  let password = values.password;
  if (!password) {
    password = await askHidden("Password (at least 10 characters, letters and digits): ");
    const again = await askHidden("Repeat the password: ");
    if (again !== password) {
      console.error("The passwords do not match. Nothing was created.");
      return 1;
    }
  }

  const parsed = staffInputSchema.safeParse({ name, email, password });
  if (!parsed.success) {
    console.error("Nothing was created:");
    for (const issue of parsed.error.issues) console.error(`  - ${issue.path.join(".")}: ${issue.message}`);
    return 1;
  }

  const config = getConfig();
  const database = await openConfiguredDatabase();
  try {
    const auth = createAuth({ db: database.db, config, sms: consoleSmsProvider(database.db) });
    // accounts made here are owners: they can add and remove staff in the back office
    const result = await createStaffAccount(database.db, auth, parsed.data, { isOwner: true });
    if (result.status === "exists") {
      console.error(`An account with the e-mail ${parsed.data.email} already exists. Nothing was changed.`);
      return 1;
    }
    console.log(`Admin account created for ${parsed.data.name} <${parsed.data.email}> (${database.kind} database).`);
    console.log("This account is an owner and can now sign in to the back office at /admin.");
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
