import type { ShiprocketClient } from "./client.server";
import { ShiprocketError } from "./http.server";

/*
 * Shiprocket's labels and manifests are PDFs it makes and links to: the shop fetches them (a plain GET)
 * and checks they are PDFs. Shiprocket takes at most 100 shipments a call, so a longer list is asked
 * for in batches and the PDFs are merged into one, in order.
 */

export const SHIPMENTS_PER_CALL = 100;

export function batches<T>(items: readonly T[], size = SHIPMENTS_PER_CALL): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const PDF_MAGIC = "%PDF-";

/** The document at `url`, refused unless it is a PDF (Shiprocket hands out an error page at times). */
export async function downloadPdf(client: ShiprocketClient, url: string): Promise<Uint8Array> {
  const bytes = await client.download(url);
  if (Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString("latin1") !== PDF_MAGIC) {
    throw new ShiprocketError(
      "unavailable",
      "the document is not a PDF",
      null,
      200,
      `GET ${url.replace(/[?#].*$/, "")}`,
    );
  }
  return bytes;
}
