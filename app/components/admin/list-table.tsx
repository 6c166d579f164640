/* The table of a back-office list: its header row from a list of columns, its rows' look. */

export interface ListColumn {
  title: React.ReactNode;
  align?: "right";
}

const LIST_TH = "px-4 py-3 font-medium";

function ListHead({ columns }: { columns: ListColumn[] }) {
  return (
    <thead className="border-b border-linen bg-sand/60 text-[0.65rem] tracking-[0.2em] text-stone uppercase">
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={column.align === "right" ? `${LIST_TH} text-right` : LIST_TH}>
            {column.title}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row of a list's table. */
export const LIST_ROW = "border-b border-linen last:border-b-0 hover:bg-sand/40";

/**
 * A list's table, which scrolls sideways on its own instead of widening the page. `minWidth` (a
 * Tailwind class) is the width below which it scrolls; with `phoneCards` it is drawn from tablet
 * width up only, the list showing cards below that.
 */
export function ListTable({
  label,
  caption,
  minWidth = "",
  phoneCards = false,
  columns,
  children,
}: {
  label: string;
  caption: string;
  minWidth?: string;
  phoneCards?: boolean;
  columns: ListColumn[];
  children: React.ReactNode;
}) {
  return (
    <div
      className={`overflow-x-auto border border-linen bg-ivory ${phoneCards ? "hidden md:block" : "relative"}`}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className={`w-full ${minWidth} border-collapse text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <ListHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
