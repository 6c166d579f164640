import { useId, useState } from "react";
import { stockField, type ColourValue, type FieldErrors, type StockCell } from "~/modules/catalog";
import { DEFAULT_COLOUR, DEFAULT_SIZE, variantKey } from "~/modules/catalog";

/*
 * The stock of every size x colour (a variant), one block per colour, with each variant's SKU and a
 * 'set all'. Products without sizes or colours are sold as One Size / Default (the cart's defaults).
 */

const cellLabel = (size: string, colour: string) =>
  size === DEFAULT_SIZE && colour === DEFAULT_COLOUR
    ? "Stock"
    : colour === DEFAULT_COLOUR
      ? `Stock of ${size}`
      : size === DEFAULT_SIZE
        ? `Stock in ${colour}`
        : `Stock of ${size} in ${colour}`;

export function StockGrid({
  cells,
  colours,
  skuOf,
  errors,
  onChange,
}: {
  cells: StockCell[];
  colours: ColourValue[];
  skuOf: (size: string, colour: string) => string;
  errors: FieldErrors;
  onChange: (cells: StockCell[]) => void;
}) {
  const id = useId();
  const [all, setAll] = useState("");
  const [allError, setAllError] = useState<string | null>(null);
  const groups = [...new Set(cells.map((c) => c.colour))];
  const hexOf = (colour: string) => colours.find((c) => c.name === colour)?.hex ?? null;
  const total = cells.reduce((sum, c) => sum + (/^\d+$/.test(c.stock.trim()) ? Number(c.stock) : 0), 0);
  const soldOut = cells.filter((c) => c.stock.trim() === "0").length;

  const setOne = (size: string, colour: string, stock: string) =>
    onChange(cells.map((c) => (c.size === size && c.colour === colour ? { ...c, stock } : c)));
  const applyAll = () => {
    if (!/^\d{1,6}$/.test(all.trim())) {
      setAllError("Type a whole number, 0 or more");
      return;
    }
    setAllError(null);
    onChange(cells.map((c) => ({ ...c, stock: String(Number(all.trim())) })));
  };

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="text-sm text-stone" aria-live="polite">
          {cells.length} {cells.length === 1 ? "variant" : "variants"} ·{" "}
          <span className="text-ink">{total.toLocaleString("en-IN")}</span> in stock
          {soldOut > 0 ? ` · ${soldOut} sold out` : ""}
        </p>
        <div className="flex items-end gap-2">
          <div>
            <label
              htmlFor={`${id}-all`}
              className="block text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase"
            >
              Set all to
            </label>
            <input
              id={`${id}-all`}
              inputMode="numeric"
              value={all}
              onChange={(e) => setAll(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  applyAll();
                }
              }}
              aria-describedby={allError ? `${id}-all-error` : undefined}
              className="mt-1.5 block w-24 border border-linen bg-white px-3 py-2 text-sm focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none"
            />
          </div>
          <button type="button" onClick={applyAll} className="btn-outline !px-4 !py-2.5 !text-[0.68rem]">
            Set all
          </button>
        </div>
      </div>
      {allError ? (
        <p id={`${id}-all-error`} role="alert" className="mt-1 text-right text-sm text-sale">
          {allError}
        </p>
      ) : null}
      {errors.stock ? <p className="mt-2 text-sm text-sale">{errors.stock}</p> : null}

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {groups.map((colour) => (
          <ColourStock
            key={colour}
            gridId={id}
            colour={colour}
            hex={hexOf(colour)}
            rows={cells.filter((c) => c.colour === colour)}
            errors={errors}
            skuOf={skuOf}
            onStock={setOne}
          />
        ))}
      </div>
    </div>
  );
}

/** One colour's block of the grid: a row per size. */
function ColourStock({
  gridId,
  colour,
  hex,
  rows,
  errors,
  skuOf,
  onStock,
}: {
  gridId: string;
  colour: string;
  hex: string | null;
  rows: StockCell[];
  errors: FieldErrors;
  skuOf: (size: string, colour: string) => string;
  onStock: (size: string, colour: string, stock: string) => void;
}) {
  return (
    <div
      role="group"
      aria-label={colour === DEFAULT_COLOUR ? "Stock" : `Stock in ${colour}`}
      className="border border-linen bg-white"
    >
      <p className="flex items-center gap-2 border-b border-linen bg-sand/50 px-4 py-2.5 text-sm font-medium text-ink">
        {hex ? (
          <span
            aria-hidden="true"
            className="h-3.5 w-3.5 rounded-full border border-ink/20"
            style={{ backgroundColor: hex }}
          />
        ) : null}
        {colour}
      </p>
      <ul className="divide-y divide-linen">
        {rows.map((cell) => (
          <StockRow
            key={cell.size}
            inputId={`${gridId}-${variantKey(cell.size, cell.colour).replace(/[^A-Za-z0-9]/g, "_")}`}
            cell={cell}
            error={errors[stockField(cell.size, cell.colour)]}
            sku={skuOf(cell.size, cell.colour)}
            onStock={(stock) => onStock(cell.size, cell.colour, stock)}
          />
        ))}
      </ul>
    </div>
  );
}

/** A size's row: the size, its stock (marked when sold out or wrong) and the variant's SKU. */
function StockRow({
  inputId,
  cell,
  error,
  sku,
  onStock,
}: {
  inputId: string;
  cell: StockCell;
  error: string | undefined;
  sku: string;
  onStock: (stock: string) => void;
}) {
  const zero = cell.stock.trim() === "0";
  return (
    <li className="grid grid-cols-[3.75rem_5rem_minmax(0,1fr)] items-center gap-3 px-4 py-2">
      <span className="text-sm font-medium text-ink" aria-hidden="true">
        {cell.size}
      </span>
      <div>
        <label htmlFor={inputId} className="sr-only">
          {cellLabel(cell.size, cell.colour)}
        </label>
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={cell.stock}
          onChange={(e) => onStock(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : `${inputId}-sku`}
          className={`block w-full border px-2.5 py-1.5 text-right text-sm tabular-nums focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none ${error ? "border-sale" : zero ? "border-sale/40 bg-[#fbf3f2]" : "border-linen"}`}
        />
      </div>
      <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span id={`${inputId}-sku`} className="truncate font-mono text-[0.7rem] text-stone" title={sku}>
          <span className="sr-only">SKU </span>
          {sku}
        </span>
        {error ? (
          <span id={`${inputId}-error`} className="basis-full text-xs text-sale">
            {error}
          </span>
        ) : zero ? (
          <span className="text-[0.62rem] font-medium tracking-[0.14em] text-sale uppercase">Sold out</span>
        ) : null}
      </span>
    </li>
  );
}
