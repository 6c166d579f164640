import { useId, useState } from "react";
import type { ImportCounts, ImportReport, ReportRow, RowKind } from "~/modules/catalog";

/*
 * The import's report: the counts first, then the changed and rejected rows as a table (unchanged
 * rows are only counted). The same view shows a dry run ("would") and an applied import ("did").
 */

const KIND: Record<RowKind, { label: string; className: string }> = {
  "new-product": { label: "New product", className: "border-leaf/40 bg-leaf/10 text-leaf" },
  "new-variant": { label: "New variant", className: "border-leaf/40 bg-leaf/10 text-leaf" },
  update: { label: "Update", className: "border-gold/50 bg-gold/10 text-ink" },
  unchanged: { label: "No change", className: "border-linen bg-ivory text-stone" },
  rejected: { label: "Rejected", className: "border-sale/40 bg-sale/10 text-sale" },
};

const n = (x: number) => x.toLocaleString("en-IN");

function Outcome({ kind }: { kind: RowKind }) {
  return (
    <span
      className={`inline-block border px-2 py-0.5 text-[0.65rem] font-medium tracking-[0.16em] whitespace-nowrap uppercase ${KIND[kind].className}`}
    >
      {KIND[kind].label}
    </span>
  );
}

export function ImportCountsList({ counts }: { counts: ImportCounts }) {
  const items: Array<{ label: string; value: number; tone?: string }> = [
    { label: "Rows read", value: counts.rows },
    { label: "New products", value: counts.newProducts, tone: counts.newProducts ? "text-leaf" : undefined },
    { label: "Products updated", value: counts.updatedProducts },
    { label: "New variants", value: counts.newVariants, tone: counts.newVariants ? "text-leaf" : undefined },
    { label: "Stock changes", value: counts.stockChanges },
    { label: "Rows unchanged", value: counts.unchanged },
    { label: "Rows rejected", value: counts.rejected, tone: counts.rejected ? "text-sale" : undefined },
  ];
  return (
    <dl
      className="grid grid-cols-2 gap-px overflow-hidden border border-linen bg-linen sm:grid-cols-4 lg:grid-cols-7"
      data-testid="import-counts"
    >
      {items.map((item) => (
        <div key={item.label} className="bg-ivory px-4 py-3 last:col-span-2 sm:last:col-span-1">
          <dt className="text-[0.65rem] font-medium tracking-[0.18em] text-stone uppercase">{item.label}</dt>
          <dd className={`mt-1 font-display text-3xl leading-none ${item.tone ?? "text-ink"}`}>{n(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

type Show = "all" | "changes" | "rejected";

function visible(rows: ReportRow[], show: Show): ReportRow[] {
  if (show === "rejected") return rows.filter((r) => r.kind === "rejected");
  if (show === "changes") return rows.filter((r) => r.kind !== "rejected");
  return rows;
}

export function ImportReportTable({ report, applied }: { report: ImportReport; applied: boolean }) {
  const [show, setShow] = useState<Show>("all");
  const selectId = useId();
  const rows = visible(report.rows, show);
  const caption = applied
    ? `What the import of ${report.fileName} changed, row by row`
    : `Dry run of ${report.fileName}: what would change and what is rejected, row by row`;
  if (report.rows.length === 0) {
    return (
      <p className="border border-dashed border-linen bg-ivory px-5 py-6 text-sm text-stone">
        Every row matches the shop: nothing {applied ? "was" : "would be"} changed.
      </p>
    );
  }
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-stone">
          {n(report.rows.length)} {report.rows.length === 1 ? "row is" : "rows are"} listed; unchanged rows are only
          counted.
          {report.rowsOmitted > 0 ? ` ${n(report.rowsOmitted)} more changed or rejected rows are not listed here.` : ""}
        </p>
        <div>
          <label htmlFor={selectId} className="block text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">
            Show
          </label>
          <select
            id={selectId}
            value={show}
            onChange={(e) => setShow(e.currentTarget.value as Show)}
            className="mt-1 border border-linen bg-white px-3 py-2 text-sm text-ink focus:border-ink focus:outline-none"
          >
            <option value="all">Changes and rejections</option>
            <option value="changes">Changes only</option>
            <option value="rejected">Rejected rows only</option>
          </select>
        </div>
      </div>
      <div
        className="overflow-x-auto border border-linen bg-ivory"
        role="region"
        aria-label="Import report"
        tabIndex={0}
      >
        <table className="w-full border-collapse text-left text-sm sm:min-w-[44rem]" data-testid="import-report">
          <caption className="border-b border-linen px-3 py-3 text-left font-display text-lg leading-snug text-ink sm:px-4">
            {caption}
          </caption>
          <thead className="border-b border-linen bg-sand/60 text-[0.65rem] tracking-[0.2em] text-stone uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 font-medium sm:px-4">
                Row
              </th>
              <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                Product SKU
              </th>
              <th scope="col" className="px-3 py-3 font-medium sm:px-4">
                Variant
              </th>
              <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                Outcome
              </th>
              <th scope="col" className="px-3 py-3 font-medium sm:px-4">
                {applied ? "What changed" : "What would change, or why not"}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.row}
                className={`border-b border-linen align-top last:border-b-0 ${r.kind === "rejected" ? "bg-sale/[0.03]" : ""}`}
                data-kind={r.kind}
              >
                <th scope="row" className="px-3 py-3 font-medium text-ink tabular-nums sm:px-4">
                  {r.row}
                </th>
                <td className="hidden px-4 py-3 font-mono text-xs text-ink sm:table-cell">{r.productSku || "—"}</td>
                <td className="px-3 py-3 sm:px-4">
                  {/* at phone width the product SKU and the outcome go with the variant (their columns are hidden) */}
                  <span className="block font-mono text-xs text-ink sm:hidden">{r.productSku || "—"}</span>
                  <span className="block text-ink">
                    {r.size && r.colour ? `${r.size} / ${r.colour}` : r.size || r.colour || "—"}
                  </span>
                  {r.variantSku ? (
                    <span className="block font-mono text-xs break-all text-stone">{r.variantSku}</span>
                  ) : null}
                  <span className="mt-1.5 block sm:hidden">
                    <Outcome kind={r.kind} />
                  </span>
                </td>
                <td className="hidden px-4 py-3 sm:table-cell">
                  <Outcome kind={r.kind} />
                </td>
                <td className="px-3 py-3 sm:px-4">
                  <ul className={`space-y-0.5 ${r.kind === "rejected" ? "text-sale" : "text-ink"}`}>
                    {r.notes.map((note, i) => (
                      <li key={i}>{note}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
