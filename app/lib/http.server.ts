/** Throws a Response with `status` when `condition` is falsy (e.g. 404 for a missing record). */
export function invariantResponse(
  condition: unknown,
  message: string,
  status = 400,
  init?: ResponseInit,
): asserts condition {
  if (!condition) {
    throw new Response(message, { status, ...init, headers: { "Content-Type": "text/plain; charset=utf-8", ...init?.headers } });
  }
}
