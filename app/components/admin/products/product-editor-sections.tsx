import { Link } from "react-router";
import type { BoundText } from "~/components/admin/use-editor-messages";
import type { ActivityItem } from "~/modules/audit/index.server";
import {
  BADGE_SUGGESTIONS,
  CATEGORIES,
  FABRIC_SUGGESTIONS,
  FIT_SUGGESTIONS,
  OCCASION_PRESETS,
  rupeesTextToPaise,
  type FieldErrors,
  type PackageField,
  type ProductForEdit,
  type ProductFormValues,
  type StockCell,
} from "~/modules/catalog";
import { percentOff } from "~/modules/pricing";
import { Section, Select, TextArea, TextInput, ToggleChip } from "./fields";
import { PictureManager, type PictureItem } from "./picture-manager";
import { RecentActivity } from "./recent-activity";
import { ColoursPicker, SizesPicker } from "./sizes-colours";
import { StockGrid } from "./stock-grid";

/*
 * The product editor's sections as a reader sees them, top to bottom: essentials, pictures,
 * description, make and care, sizes and colours, stock (and shipping, in
 * product-editor-shipping.tsx); then the side column (visibility, recent activity) and the
 * footer with the save button. The editor's form owns every value; these only show them and report
 * changes back.
 */

/** The product's text fields, each bound by the editor's `text(field)`. */
export type ProductTextField =
  | "name"
  | "brand"
  | "price"
  | "originalPrice"
  | "category"
  | "description"
  | "details"
  | "badge"
  | "material"
  | "fabric"
  | "fit"
  | "care"
  | "type"
  | PackageField;

type Bind = (field: ProductTextField) => BoundText;

/** Name, price and original price, category, brand and badge. */
export function EssentialsSection({
  text,
  formId,
  price,
  originalPrice,
}: {
  text: Bind;
  formId: string;
  price: string;
  originalPrice: string;
}) {
  const pricePaise = rupeesTextToPaise(price);
  const originalPaise = rupeesTextToPaise(originalPrice);
  const off = pricePaise !== null && originalPaise !== null ? percentOff(pricePaise, originalPaise) : 0;
  return (
    <Section title="Essentials">
      <div className="grid gap-5">
        <TextInput label="Name" required autoFocus autoComplete="off" maxLength={200} {...text("name")} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            label="Price"
            required
            prefix="₹"
            inputMode="decimal"
            autoComplete="off"
            hint="In rupees, e.g. 1299 or 1299.50"
            {...text("price")}
          />
          <TextInput
            label="Original price"
            prefix="₹"
            inputMode="decimal"
            autoComplete="off"
            hint={off > 0 ? `Shown struck through: ${off}% off` : "Optional; above the price, shown struck through"}
            {...text("originalPrice")}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Select label="Category" required {...text("category")}>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </Select>
          <TextInput label="Brand" autoComplete="off" {...text("brand")} />
        </div>
        <TextInput
          label="Badge"
          list={`${formId}-badges`}
          autoComplete="off"
          hint="Optional, e.g. New or Bestseller"
          className="sm:w-1/2 sm:pr-2.5"
          {...text("badge")}
        />
        <datalist id={`${formId}-badges`}>
          {BADGE_SUGGESTIONS.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
      </div>
    </Section>
  );
}

/** The list with `item` taken out, or put at its end when it was not in it. */
export function toggled(list: string[], item: string): string[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** The pictures, the first one the cover. */
export function PicturesSection({
  items,
  setItems,
  error,
}: {
  items: PictureItem[];
  setItems: React.Dispatch<React.SetStateAction<PictureItem[]>>;
  error: string | undefined;
}) {
  return (
    <Section title="Pictures" description="At least one. The first is the cover on cards and the product page.">
      <PictureManager items={items} setItems={setItems} error={error} />
    </Section>
  );
}

/** The short description and the long product details. */
export function DescriptionSection({ text }: { text: Bind }) {
  return (
    <Section title="Description">
      <div className="grid gap-5">
        <TextArea
          label="Description"
          rows={3}
          hint="A short paragraph for cards and search results"
          {...text("description")}
        />
        <TextArea
          label="Product details"
          rows={6}
          hint="The long story: cut, craft, length, what is included"
          {...text("details")}
        />
      </div>
    </Section>
  );
}

/** Material, fabric, fit, type and care, and the occasions as chips (the presets and any others it has). */
export function MakeAndCareSection({
  text,
  formId,
  occasions,
  onToggleOccasion,
}: {
  text: Bind;
  formId: string;
  occasions: string[];
  onToggleOccasion: (occasion: string) => void;
}) {
  return (
    <Section title="Make and care">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput label="Material" autoComplete="off" {...text("material")} />
        <TextInput label="Fabric" list={`${formId}-fabrics`} autoComplete="off" {...text("fabric")} />
        <TextInput label="Fit" list={`${formId}-fits`} autoComplete="off" {...text("fit")} />
        <TextInput label="Type" autoComplete="off" hint="e.g. Kurta Set, Saree, Earrings" {...text("type")} />
        <TextArea label="Care" rows={2} className="sm:col-span-2" {...text("care")} />
      </div>
      <datalist id={`${formId}-fabrics`}>
        {FABRIC_SUGGESTIONS.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <datalist id={`${formId}-fits`}>
        {FIT_SUGGESTIONS.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <fieldset className="mt-6">
        <legend className="block text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">Occasions</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[...new Set([...OCCASION_PRESETS, ...occasions])].map((o) => (
            <ToggleChip key={o} pressed={occasions.includes(o)} onToggle={() => onToggleOccasion(o)}>
              {o}
            </ToggleChip>
          ))}
        </div>
      </fieldset>
    </Section>
  );
}

/** The sizes and the colours on offer: together they make the variants of the stock grid. */
export function SizesColoursSection({
  sizes,
  colours,
  sizesError,
  coloursError,
  onAxes,
}: {
  sizes: string[];
  colours: ProductFormValues["colours"];
  sizesError: string | undefined;
  coloursError: string | undefined;
  onAxes: (sizes: string[], colours: ProductFormValues["colours"]) => void;
}) {
  return (
    <Section title="Sizes and colours">
      <div className="grid gap-8">
        <SizesPicker sizes={sizes} onChange={(next) => onAxes(next, colours)} error={sizesError} />
        <ColoursPicker colours={colours} onChange={(next) => onAxes(sizes, next)} error={coloursError} />
      </div>
    </Section>
  );
}

/** Pieces in hand for every size and colour. */
export function StockSection({
  cells,
  colours,
  skuOf,
  errors,
  onChange,
}: {
  cells: StockCell[];
  colours: ProductFormValues["colours"];
  skuOf: (size: string, colour: string) => string;
  errors: FieldErrors;
  onChange: (cells: StockCell[]) => void;
}) {
  return (
    <Section
      title="Stock"
      description="Pieces in hand for every size and colour. A size at 0 shows as sold out in the shop."
    >
      <StockGrid cells={cells} colours={colours} skuOf={skuOf} errors={errors} onChange={onChange} />
    </Section>
  );
}

/**
 * The side column: whether the shop shows the product and its fit advice from returns, a link to it,
 * and its recent activity.
 */
export function EditorSidebar({
  product,
  formId,
  isActive,
  onActive,
  fitAdvice,
  onFitAdvice,
  activity,
}: {
  product: ProductForEdit | null;
  formId: string;
  isActive: boolean;
  onActive: (active: boolean) => void;
  fitAdvice: boolean;
  onFitAdvice: (shown: boolean) => void;
  activity: ActivityItem[];
}) {
  return (
    <aside className="space-y-8 lg:sticky lg:top-0 lg:self-start">
      <div className="border border-linen bg-white p-5">
        <h3 className="font-display text-xl">Visibility</h3>
        <label className="mt-3 flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(e) => onActive(e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-maroon"
          />
          <span>
            <span className="font-medium text-ink">Active</span>
            <span className="block text-xs text-stone">
              Shown and sold in the shop. Inactive products stay here, hidden from shoppers.
            </span>
          </span>
        </label>
        <label className="mt-4 flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={fitAdvice}
            onChange={(e) => onFitAdvice(e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-maroon"
          />
          <span>
            <span className="font-medium text-ink">Show fit advice from returns</span>
            <span className="block text-xs text-stone">
              When most size returns say too small (or too large), the product page says it runs small (or large). Turn
              off for a piece whose returns mislead.
            </span>
          </span>
        </label>
        {product ? (
          <p className="mt-4 text-xs text-stone">
            <Link
              to={`/product/${product.id}`}
              target="_blank"
              rel="noopener"
              className="text-ink underline underline-offset-4 hover:text-maroon"
            >
              View in the shop
            </Link>
            {product.everOrdered ? " · has orders" : ""}
          </p>
        ) : null}
      </div>
      {product ? (
        <section aria-labelledby={`${formId}-activity`} className="border border-linen bg-white p-5">
          <h3 id={`${formId}-activity`} className="font-display text-xl">
            Recent activity
          </h3>
          <div className="mt-3">
            <RecentActivity items={activity} />
          </div>
        </section>
      ) : null}
    </aside>
  );
}

/** The save bar: what stops a save (or 'Saving...'), Delete for a stored product, Cancel and the submit button. */
export function EditorFooter({
  formId,
  isNew,
  saving,
  blocker,
  onDelete,
  onClose,
}: {
  formId: string;
  isNew: boolean;
  saving: boolean;
  blocker: string | null;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <footer className="flex flex-col border-t border-linen bg-ivory px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:px-8 sm:py-3.5">
      <p
        id={`${formId}-status`}
        aria-live="polite"
        className="mb-2 text-sm text-stone empty:mb-0 sm:order-1 sm:mb-0 sm:flex-1 sm:text-right"
      >
        {saving ? "Saving..." : (blocker ?? "")}
      </p>
      <div className="flex items-center gap-2 sm:order-2">
        {!isNew ? (
          <button
            type="button"
            onClick={onDelete}
            className="mr-auto py-3 pr-3 text-[0.68rem] font-medium tracking-[0.2em] text-sale uppercase hover:underline sm:mr-2 sm:px-3"
          >
            Delete
          </button>
        ) : null}
        <button type="button" onClick={onClose} className="btn-outline !px-4 !py-3 max-sm:ml-auto sm:!px-5">
          Cancel
        </button>
        <button
          type="submit"
          form={formId}
          disabled={Boolean(blocker) || saving}
          aria-describedby={`${formId}-status`}
          className="btn-primary !px-4 !py-3 whitespace-nowrap sm:!px-6"
        >
          {saving ? "Saving..." : isNew ? "Add product" : "Save changes"}
        </button>
      </div>
    </footer>
  );
}
