/** Values per `IN (...)` list or insert: a file's SKUs and rows are sent this many at a time. */
const CHUNK = 1000;

/** The items in runs of at most `size`, in order. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
