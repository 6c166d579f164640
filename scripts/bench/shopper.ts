/*
 * The signed-in shopper the bench measures as: a real session made through the account screen's
 * phone sign-in over HTTP (demo mode, console SMS provider), exactly as a browser does it:
 * POST /authentication `send-code`, the code read from GET /dev/outbox (answered to loopback
 * clients only, decision 014), POST `verify` (sets the session cookie), POST `register` (the
 * profile), then three cart lines through POST /api/cart. One code is sent per bench run, far
 * below the per-phone and per-address limits (decision 014); the session lives in the scratch
 * database, so it outlasts server restarts.
 */

export const BENCH_SHOPPER = {
  phone: "9811100014",
  firstName: "Bench",
  lastName: "Shopper",
  email: "bench-shopper@example.com",
};

export interface CartLine {
  productId: string;
  size: string;
  colour: string;
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function postForm(base: string, path: string, form: Record<string, string>, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = {
    origin: base,
    "content-type": "application/x-www-form-urlencoded",
    connection: "close",
  };
  if (cookie) headers.cookie = cookie;
  return fetch(`${base}${path}`, { method: "POST", headers, body: new URLSearchParams(form), redirect: "manual" });
}

async function latestCode(base: string, phone: string): Promise<string> {
  const response = await fetch(`${base}/dev/outbox?phone=${encodeURIComponent(phone)}`, {
    headers: { connection: "close" },
  });
  if (!response.ok)
    throw new Error(
      `/dev/outbox answered ${response.status}: is the server in demo mode with the console SMS provider?`,
    );
  const { messages } = (await response.json()) as { messages: Array<{ body: string; sentAt: string }> };
  const newest = [...messages].sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
  const code = newest?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no sign-in code in the outbox for ${phone}`);
  return code;
}

/** Signs the bench shopper in (registering on the first run) and fills their cart; returns the Cookie header. */
export async function signedInShopperCookie(base: string, lines: CartLine[]): Promise<string> {
  const { phone } = BENCH_SHOPPER;
  const sent = await postForm(base, "/authentication", { intent: "send-code", mode: "register", phone });
  await sent.arrayBuffer();
  if (sent.status !== 200) throw new Error(`sending the sign-in code answered ${sent.status}`);
  const code = await latestCode(base, phone);
  const verified = await postForm(base, "/authentication", { intent: "verify", mode: "register", phone, code });
  await verified.arrayBuffer();
  const cookie = cookieOf(verified);
  if (verified.status !== 200 || !cookie.includes("session_token"))
    throw new Error(`verifying the code answered ${verified.status} without a session cookie`);
  const registered = await postForm(
    base,
    "/authentication",
    {
      intent: "register",
      firstName: BENCH_SHOPPER.firstName,
      lastName: BENCH_SHOPPER.lastName,
      email: BENCH_SHOPPER.email,
    },
    cookie,
  );
  await registered.arrayBuffer();
  if (registered.status !== 200) throw new Error(`completing the registration answered ${registered.status}`);
  for (const line of lines) {
    const added = await postForm(
      base,
      "/api/cart",
      { intent: "add", productId: line.productId, size: line.size, colour: line.colour, quantity: "1" },
      cookie,
    );
    const body = (await added.json()) as { ok: boolean; error?: string };
    if (!body.ok) throw new Error(`adding a cart line answered ${added.status}: ${body.error}`);
  }
  return cookie;
}

/** Checks that `cookie` is still the signed-in bench shopper (after a server restart, say). */
export async function checkShopper(base: string, cookie: string): Promise<void> {
  // the account screen shows a signed-in shopper's own profile
  const response = await fetch(`${base}/authentication`, { headers: { cookie, connection: "close" } });
  const html = await response.text();
  if (response.status !== 200 || !html.includes(BENCH_SHOPPER.email))
    throw new Error(`/authentication as the bench shopper answered ${response.status} without their profile`);
}
