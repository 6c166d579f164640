import { NO_STORE } from "./cache-control";

/** Throws a Response with `status` when `condition` is falsy (e.g. 404 for a missing record). */
export function invariantResponse(
  condition: unknown,
  message: string,
  status = 400,
  init?: ResponseInit,
): asserts condition {
  if (!condition) {
    throw new Response(message, {
      status,
      ...init,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...init?.headers },
    });
  }
}

export const UNREADABLE_FORM_MESSAGE = "Your request could not be read. Please reload the page and try again.";

/**
 * The request's form fields. A body that is not a well-formed form (broken multipart, JSON sent to a
 * form action) is the caller's mistake: 400 with a message, not a 500 with a stack trace in the log.
 * Bodies arrive already cut to their size limit by the server (server/body-limit.ts).
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
    throw new Response(UNREADABLE_FORM_MESSAGE, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response(UNREADABLE_FORM_MESSAGE, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/**
 * The client's address as the server resolved it under TRUST_PROXY: server/security.ts replaces any
 * X-Forwarded-For the visitor sent with that single address before a route runs.
 */
export function clientAddress(request: Request): string | null {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
}

export function isLoopbackAddress(address: string | null): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, "");
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * The loader of a route that only takes POSTs (an API for the shop's scripts, a payment webhook or
 * callback, the picture uploads): a GET or HEAD is answered 405 with the method to use. Without a
 * loader React Router answers it 400 'Unexpected Server Error' and logs a stack trace.
 */
export function postOnly(): Response {
  return new Response("This address takes POST requests only.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
  });
}
