/** The shape of the ids the database makes (UUIDs); anything else is no id of ours. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` could be an id of ours: checked before a query, so that a malformed one is a 404, not an error. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
