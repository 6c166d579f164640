import { createHash } from "node:crypto";
import { pipeline, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { CsvError, parse } from "csv-parse";
import { getLogger } from "../../../lib/logger.server";
import { CSV_COLUMNS, CSV_MESSAGES, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type CsvColumnKey } from "../product-csv";
import { unguardCell } from "./cells.server";

/*
 * The import's first step: reading the upload as it arrives (busboy) and its CSV file as a stream
 * (csv-parse) into rows of cells by column. Holds the parsed rows, never the file's text.
 */

export interface CsvRow {
  /** the row as a spreadsheet numbers it: the header is row 1 */
  row: number;
  cells: Partial<Record<CsvColumnKey, string>>;
  /** the row has another number of cells than the header */
  shapeError: string | null;
}

export interface ParsedCsv {
  fileName: string;
  bytes: number;
  sha256: string;
  columns: ReadonlySet<CsvColumnKey>;
  ignoredColumns: string[];
  rows: CsvRow[];
}

export type ReadResult = { ok: true; csv: ParsedCsv } | { ok: false; message: string; details?: string[] };

class FileTooLarge extends Error {}
class NotUtf8 extends Error {}

/** Header text to its column: case, spaces, '(₹)' and the US spelling of colour do not matter. */
function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/\((₹|rs\.?|inr|rupees)\)/g, " ")
    .replace(/\bcolor\b/g, "colour")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const HEADER_TO_KEY = new Map(CSV_COLUMNS.map((c) => [normaliseHeader(c.header), c.key]));

const CSV_ERROR_TEXT: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted cell is never closed",
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a cell is not doubled (write "" for one quote)',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "there is text after the closing quote of a cell",
  CSV_MAX_RECORD_SIZE: "one row is far too long",
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "the rows have different numbers of cells",
};

/**
 * Reads a CSV file from a byte stream: strictly UTF-8 (a byte-order mark is dropped), the first
 * record names the columns. Holds the parsed rows, never the file's text.
 */
export async function readProductsCsv(
  source: AsyncIterable<Uint8Array>,
  fileName: string,
  maxBytes = IMPORT_MAX_BYTES,
): Promise<ReadResult> {
  const hash = createHash("sha256");
  let bytes = 0;
  async function* text() {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    try {
      for await (const chunk of source) {
        bytes += chunk.byteLength;
        if (bytes > maxBytes) throw new FileTooLarge();
        hash.update(chunk);
        yield decoder.decode(chunk, { stream: true });
      }
      const rest = decoder.decode();
      if (rest) yield rest;
    } catch (error) {
      if (error instanceof TypeError) throw new NotUtf8();
      throw error;
    }
  }
  // Empty lines are records too (and skipped below), so row numbers stay the spreadsheet's.
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false, max_record_size: 256 * 1024 });
  pipeline(Readable.from(text()), parser, () => {});

  let header: string[] | null = null;
  let keys: Array<CsvColumnKey | null> = [];
  const rows: CsvRow[] = [];
  let record = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      record += 1;
      if (!header) {
        if (cells.every((c) => c.trim() === "")) continue;
        header = cells;
        if (cells.length === 1 && /[;\t]/.test(cells[0] ?? "")) return { ok: false, message: CSV_MESSAGES.semicolons };
        keys = cells.map((h) => HEADER_TO_KEY.get(normaliseHeader(h)) ?? null);
        continue;
      }
      if (cells.every((c) => c.trim() === "")) continue;
      if (rows.length >= IMPORT_MAX_ROWS) return { ok: false, message: CSV_MESSAGES.tooManyRows };
      const row: CsvRow = {
        row: record,
        cells: {},
        shapeError:
          cells.length !== header.length
            ? `The row has ${cells.length} cells; the header has ${header.length}. Check for a missing comma or an unquoted comma in a cell.`
            : null,
      };
      keys.forEach((key, i) => {
        if (key) row.cells[key] = unguardCell(cells[i] ?? "");
      });
      rows.push(row);
    }
  } catch (error) {
    if (error instanceof FileTooLarge) return { ok: false, message: CSV_MESSAGES.tooLarge };
    if (error instanceof NotUtf8) return { ok: false, message: CSV_MESSAGES.notUtf8 };
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      const why = CSV_ERROR_TEXT[error.code] ?? error.message;
      return { ok: false, message: `The file is not valid CSV: ${why}${line ? ` (near line ${line})` : ""}.` };
    }
    throw error;
  }
  if (!header || rows.length === 0) return { ok: false, message: CSV_MESSAGES.empty };

  const seen = new Map<CsvColumnKey, number>();
  const repeated: string[] = [];
  keys.forEach((key, i) => {
    if (!key) return;
    if (seen.has(key)) repeated.push(header![i]!);
    seen.set(key, i);
  });
  if (repeated.length > 0) return { ok: false, message: `A column is in the file twice: ${repeated.join(", ")}.` };
  const missing = CSV_COLUMNS.filter((c) => c.required && !seen.has(c.key)).map((c) => c.header);
  if (missing.length > 0) {
    return {
      ok: false,
      message: `The file lacks ${missing.length === 1 ? "a required column" : "required columns"}: ${missing.join(", ")}.`,
      details: [
        `The first row must name the columns. Required: ${CSV_COLUMNS.filter((c) => c.required)
          .map((c) => c.header)
          .join(", ")}.`,
        "Export the products to get a file with every column.",
      ],
    };
  }
  return {
    ok: true,
    csv: {
      fileName,
      bytes,
      sha256: hash.digest("hex"),
      columns: new Set(seen.keys()),
      ignoredColumns: header.filter((h, i) => !keys[i] && h.trim() !== ""),
      rows,
    },
  };
}

export type UploadResult =
  { ok: true; fields: Record<string, string>; read: ReadResult } | { ok: false; status: 400 | 413; message: string };

/**
 * The bytes of a file part as an async iterable that never destroys the part: a reader that stops
 * early (a bad row, a file too large) leaves the rest to be read and dropped, so the multipart
 * parser can go on to the end of the request (busboy never finishes once a part is destroyed).
 */
async function* chunksOf(file: Readable): AsyncGenerator<Uint8Array> {
  const queue: Buffer[] = [];
  let ended = false;
  let failed: Error | null = null;
  let wake: (() => void) | null = null;
  const onData = (chunk: Buffer) => {
    queue.push(chunk);
    file.pause();
    wake?.();
  };
  const onEnd = () => {
    ended = true;
    wake?.();
  };
  const onError = (error: Error) => {
    failed = error;
    wake?.();
  };
  file.on("data", onData);
  file.on("end", onEnd);
  file.on("error", onError);
  try {
    for (;;) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (failed) throw failed;
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        file.resume();
      });
      wake = null;
    }
  } finally {
    file.off("data", onData);
    file.off("end", onEnd);
    file.off("error", onError);
    file.resume();
  }
}

/**
 * A multipart upload of one CSV file and a few small fields, read as it arrives: busboy hands the
 * file's bytes to the CSV reader, which keeps only the parsed rows. The file may be at most
 * IMPORT_MAX_BYTES; fields are short.
 */
export async function readImportUpload(request: Request, field = "file"): Promise<UploadResult> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type) || !request.body)
    return { ok: false, status: 400, message: CSV_MESSAGES.unreadable };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 8, fieldSize: 4096, parts: 10 },
    });
  } catch {
    return { ok: false, status: 400, message: CSV_MESSAGES.unreadable };
  }
  const fields: Record<string, string> = {};
  let reading: Promise<ReadResult> | null = null;
  let tooLarge = false;

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, file, info) => {
      // When the request fails (past the import's size, cut off, malformed) busboy fails the part being
      // read with the same error, which reaches `finished` below. The part needs a listener of its own
      // for as long as it lives: an 'error' event nobody listens to ends the process.
      file.on("error", () => {});
      if (name !== field || reading) {
        file.resume();
        return;
      }
      file.on("limit", () => {
        tooLarge = true;
      });
      const fileName = (info.filename ?? "").split(/[\\/]/).pop() ?? "";
      // a form sent without a chosen file carries an empty part without a name
      if (!fileName) {
        file.resume();
        return;
      }
      reading = readProductsCsv(chunksOf(file), fileName, IMPORT_MAX_BYTES);
      // awaited once the whole request is read; until then a failure must not count as unhandled
      reading.catch(() => {});
    });
    parser.on("close", () => resolve());
    parser.on("error", reject);
  });

  try {
    pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser, () => {});
    await finished;
  } catch (error) {
    if (reading) await (reading as Promise<ReadResult>).catch(() => null);
    // the server counts the streamed body and stops it past the import's limit
    if (error instanceof Error && error.name === "RequestBodyTooLargeError")
      return { ok: false, status: 413, message: CSV_MESSAGES.tooLarge };
    // the client went away before the end of its upload: nobody reads this answer, nothing to log
    if (error instanceof Error && error.name === "RequestBodyIncompleteError")
      return { ok: false, status: 400, message: CSV_MESSAGES.unreadable };
    getLogger().warn({ err: error }, "products CSV upload could not be read");
    return { ok: false, status: 400, message: CSV_MESSAGES.unreadable };
  }
  if (tooLarge) return { ok: false, status: 413, message: CSV_MESSAGES.tooLarge };
  if (!reading) return { ok: true, fields, read: { ok: false, message: CSV_MESSAGES.noFile } };
  const read = await (reading as Promise<ReadResult>);
  return { ok: true, fields, read };
}
