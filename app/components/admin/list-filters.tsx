import { Chevron } from "~/components/admin/products/fields";
import { SearchIcon } from "~/components/ui/icons";

/* The fields of a back-office list's filter form (a GET form: the filters stay in the address). */

/** The label above a field of a list's filter form. */
export const FILTER_LABEL = "block text-[0.7rem] font-medium uppercase tracking-[0.18em] text-stone";

/** The search field of a list's filter form (the form sends it as `search`). */
export function FilterSearch({
  id,
  placeholder,
  defaultValue,
  className,
}: {
  id: string;
  placeholder: string;
  defaultValue: string;
  className: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={FILTER_LABEL}>
        Search
      </label>
      <div className="relative mt-1.5">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone" />
        <input
          id={id}
          type="search"
          name="search"
          key={`q-${defaultValue}`}
          defaultValue={defaultValue}
          placeholder={placeholder}
          className="block w-full border border-linen bg-white py-2.5 pr-3 pl-9 text-sm text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none focus-visible:ring-1 focus-visible:ring-ink"
        />
      </div>
    </div>
  );
}

/** A select of a list's filter form; its options are the children. */
export function FilterSelect({
  id,
  label,
  name,
  defaultValue,
  onChange,
  children,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  onChange?: React.ChangeEventHandler<HTMLSelectElement>;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={FILTER_LABEL}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={name}
          key={`${name}-${defaultValue}`}
          defaultValue={defaultValue}
          onChange={onChange}
          className="mt-1.5 block w-full appearance-none border border-linen bg-white py-2.5 pr-9 pl-3 text-sm text-ink focus:border-ink focus:outline-none focus-visible:ring-1 focus-visible:ring-ink"
        >
          {children}
        </select>
        <Chevron />
      </div>
    </div>
  );
}
