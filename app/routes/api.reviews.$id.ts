/* Scaffolding while the reviews screens are built (replaced before the issue is resolved). */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}
