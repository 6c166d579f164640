import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import {
  changeCount,
  CSV_COLUMNS,
  CSV_MESSAGES,
  EXPORT_PATH,
  formatBytes,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportAnswer,
} from "~/modules/catalog";
import { ImportCountsList, ImportReportTable } from "./csv-report";

/*
 * The import screen: choose a CSV, 'Check file' runs the dry run, the report says what would change
 * and what is rejected and why; 'Apply' sends the same file with the dry run's digest. The file input
 * keeps the chosen file between the two; choosing another one puts the report aside.
 */

export function CsvImport() {
  const answer = useActionData() as ImportAnswer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const fileId = useId();
  const [staleFor, setStaleFor] = useState<ImportAnswer | undefined>(undefined);
  const [clientError, setClientError] = useState<string | null>(null);

  const stale = answer !== undefined && staleFor === answer;
  const report = answer && answer.kind !== "error" && !stale ? answer.report : null;
  const canApply = report !== null && answer?.kind !== "applied" && changeCount(report.counts) > 0;

  useEffect(() => {
    if (!answer) return;
    if (answer.kind === "applied") formRef.current?.reset();
    resultRef.current?.focus();
  }, [answer]);

  return (
    <div className="mx-auto max-w-6xl">
      <ImportIntro />

      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        replace
        className="mt-6 border border-linen bg-ivory p-4 sm:p-6"
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
          const file = input?.files?.[0];
          if (!file) {
            event.preventDefault();
            setClientError(CSV_MESSAGES.noFile);
            input?.focus();
          } else if (file.size > IMPORT_MAX_BYTES) {
            event.preventDefault();
            setClientError(CSV_MESSAGES.tooLarge);
            input?.focus();
          } else setClientError(null);
        }}
      >
        <label htmlFor={fileId} className="block text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">
          CSV file
        </label>
        <input
          id={fileId}
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${fileId}-hint${clientError ? ` ${fileId}-error` : ""}`}
          aria-invalid={clientError ? true : undefined}
          onChange={() => {
            setClientError(null);
            if (answer) setStaleFor(answer);
          }}
          className="mt-1.5 block w-full border border-linen bg-white px-3 py-2.5 text-sm text-ink file:mr-4 file:border-0 file:bg-ink file:px-4 file:py-2 file:text-xs file:font-medium file:tracking-[0.2em] file:text-ivory file:uppercase hover:file:bg-maroon focus:border-ink focus:outline-none"
        />
        <p id={`${fileId}-hint`} className="mt-1 text-xs text-stone">
          CSV (UTF-8), up to {formatBytes(IMPORT_MAX_BYTES)} and {IMPORT_MAX_ROWS.toLocaleString("en-IN")} rows.
        </p>
        {clientError ? (
          <p id={`${fileId}-error`} role="alert" className="mt-1 text-sm text-sale">
            {clientError}
          </p>
        ) : null}
        {canApply ? <input type="hidden" name="digest" value={report.digest} /> : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="dry-run"
            disabled={busy !== null}
            className={canApply ? "btn-outline" : "btn-primary"}
          >
            {busy === "dry-run" ? "Checking…" : canApply ? "Check again" : "Check file (dry run)"}
          </button>
          {canApply ? (
            <button type="submit" name="intent" value="apply" disabled={busy !== null} className="btn-primary">
              {busy === "apply"
                ? "Applying…"
                : `Apply ${changeCount(report.counts).toLocaleString("en-IN")} ${changeCount(report.counts) === 1 ? "change" : "changes"}`}
            </button>
          ) : null}
        </div>
        {stale ? <p className="mt-3 text-sm text-stone">You chose another file: check it first.</p> : null}
      </Form>

      <ColumnsHelp />

      {/* not a live region (a whole table would be read out): the result's heading takes the focus instead */}
      <section aria-label="Result" className="mt-8">
        {answer && !stale ? <Result answer={answer} headingRef={resultRef} /> : null}
      </section>
    </div>
  );
}

function Result({
  answer,
  headingRef,
}: {
  answer: ImportAnswer;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  if (answer.kind === "error") {
    return (
      <div role="alert" className="border border-sale/40 bg-sale/5 px-5 py-4">
        <h2 ref={headingRef} tabIndex={-1} className="font-display text-2xl text-sale focus:outline-none">
          The file was not imported
        </h2>
        <p className="mt-1 text-sm text-ink">{answer.message}</p>
        {answer.details?.map((d) => (
          <p key={d} className="mt-1 text-sm text-stone">
            {d}
          </p>
        ))}
      </div>
    );
  }
  const { report } = answer;
  const applied = answer.kind === "applied";
  const changes = changeCount(report.counts);
  return (
    <div className="space-y-5">
      {answer.kind === "changed" ? (
        <p role="alert" className="border border-gold/60 bg-gold/10 px-5 py-3 text-sm text-ink">
          {answer.message}
        </p>
      ) : null}
      <div>
        <p className="eyebrow">{applied ? "Applied" : "Dry run"}</p>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 font-display text-3xl leading-tight text-ink focus:outline-none"
        >
          {applied
            ? `Imported ${report.fileName}: ${changes.toLocaleString("en-IN")} ${changes === 1 ? "row" : "rows"} applied`
            : changes > 0
              ? `${report.fileName}: ${changes.toLocaleString("en-IN")} ${changes === 1 ? "row" : "rows"} would change`
              : `${report.fileName}: nothing to change`}
        </h2>
        <p className="mt-1 text-sm text-stone">
          {applied
            ? "The shop shows the changes now. Rejected rows were skipped: fix them and import them again."
            : report.counts.rejected > 0
              ? "Rejected rows will be skipped; the others can be applied. Fix the rejected ones and import them again later."
              : changes > 0
                ? "Nothing has changed yet. Apply to make these changes."
                : "Every row is unchanged."}
        </p>
      </div>
      <ImportCountsList counts={report.counts} />
      {report.notes.length > 0 || report.ignoredColumns.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
          {report.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
          {report.ignoredColumns.length > 0 ? (
            <li>Columns the import does not read were left alone: {report.ignoredColumns.join(", ")}.</li>
          ) : null}
        </ul>
      ) : null}
      <ImportReportTable report={report} applied={applied} />
      {applied ? (
        <p>
          <Link to="/admin/products" className="btn-outline">
            View products
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The way back, the heading and how an import works. */
function ImportIntro() {
  return (
    <>
      <p>
        <Link to="/admin/products" className="text-sm text-stone underline-offset-4 hover:text-maroon hover:underline">
          <span aria-hidden="true">← </span>Products
        </Link>
      </p>
      <p className="eyebrow mt-4">Catalogue</p>
      <h1 className="mt-1 font-display text-4xl leading-none text-ink sm:text-5xl">Import products</h1>
      <p className="mt-3 max-w-3xl text-sm leading-relaxed text-stone">
        One row per size and colour. Rows are matched by their SKUs: a new product SKU adds a product, a new variant SKU
        adds a size or colour, the rest updates what is there. First a dry run shows what would change and what is
        rejected; nothing changes until you apply it. The easiest start is an{" "}
        <a href={EXPORT_PATH} download className="text-ink underline underline-offset-4 hover:text-maroon">
          export of the products
        </a>
        , edited in a spreadsheet and saved as CSV UTF-8.
      </p>
    </>
  );
}

/** What every column means, folded away until asked for. */
function ColumnsHelp() {
  return (
    <details className="mt-4 border border-linen bg-ivory px-4 py-3 text-sm sm:px-6">
      <summary className="cursor-pointer font-medium text-ink">The columns</summary>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        {CSV_COLUMNS.map((c) => (
          <div key={c.key} className="contents">
            <dt className="font-medium text-ink">
              {c.header}
              {c.required ? <span className="text-stone"> (required column)</span> : null}
            </dt>
            <dd className="text-stone">{c.help || "Text; empty clears it."}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-stone">
        A product's fields are read from its first row; its other rows may repeat them or leave them empty. An import
        adds and updates; it never deletes a product, size or colour.
      </p>
    </details>
  );
}
