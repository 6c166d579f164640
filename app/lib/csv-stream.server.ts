import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { getLogger } from "./logger.server";

/** A download is handed on in pieces of about this size rather than a piece per record. */
const PIECE_BYTES = 64 * 1024;

/**
 * Records as a CSV download's byte stream: UTF-8 with a byte-order mark (so Excel reads ₹ and Indian
 * names right), every cell quoted, CRLF line ends. Records are made only as fast as the client
 * reads; a client that goes away stops the source. A failure is logged under `what`.
 */
export function csvDownloadStream(records: AsyncIterable<string[]>, what: string): ReadableStream<Uint8Array> {
  const csv = stringify({ bom: true, quoted: true, record_delimiter: "windows" });
  pipeline(Readable.from(records), csv, (error) => {
    if (
      error &&
      error.name !== "AbortError" &&
      (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE"
    ) {
      getLogger().error({ err: error }, `${what} failed`);
    }
  });
  const chunks = csv[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const parts: Buffer[] = [];
      let size = 0;
      let done = false;
      while (size < PIECE_BYTES) {
        const next = await chunks.next();
        if (next.done) {
          done = true;
          break;
        }
        parts.push(next.value);
        size += next.value.length;
      }
      if (size > 0) controller.enqueue(new Uint8Array(Buffer.concat(parts, size)));
      if (done) controller.close();
    },
    cancel() {
      csv.destroy();
    },
  });
}
