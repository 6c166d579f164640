import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useEditorMessages } from "~/components/admin/use-editor-messages";
import { EditorHeader, FormErrorBanner } from "~/components/admin/editor-parts";
import { Link, useFetcher, useLocation, useNavigate, useNavigation, useRevalidator, useSubmit } from "react-router";
import { useToast } from "~/components/admin/toast";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { ActivityItem } from "~/modules/admin/audit.server";
import {
  BADGE_SUGGESTIONS,
  checkProductForm,
  emptyProductForm,
  FABRIC_SUGGESTIONS,
  FIT_SUGGESTIONS,
  OCCASION_PRESETS,
  PRODUCT_MESSAGES,
  rupeesTextToPaise,
  saveBlocker,
  skuPrefix,
  stockCells,
  type FieldErrors,
  type ProductForEdit,
  type ProductFormValues,
  type StockCell,
} from "~/modules/catalog/product-form";
import { CATEGORIES } from "~/modules/catalog/types";
import { variantAxes, variantKey, variantSkus } from "~/modules/catalog/variants";
import { percentOff } from "~/modules/pricing/money";
import { ConfirmDelete } from "./confirm-delete";
import { Section, Select, TextArea, TextInput, ToggleChip } from "./fields";
import { PictureManager, pictureItems, readyPictures, type PictureItem } from "./picture-manager";
import { RecentActivity } from "./recent-activity";
import { ColoursPicker, SizesPicker } from "./sizes-colours";
import { StockGrid } from "./stock-grid";

/*
 * The add/edit product editor: a modal <dialog> over the list at desktop widths, the whole screen on
 * a phone (showModal() traps focus and makes the list inert; Escape and the close button leave,
 * asking first when something was typed). Saving sends the whole form as JSON to the route's
 * action through a fetcher, so whatever the answer, nothing typed is lost; the server checks
 * everything again.
 */

type SaveAnswer =
  | { ok: true; id: string; created: boolean; pictureCleanupFailed: boolean }
  | { ok: false; formError: string; fieldErrors: FieldErrors; conflict?: boolean };

export interface EditorData {
  product: ProductForEdit | null;
  brand: string;
  skuNumber: number | null;
  activity: ActivityItem[];
}

const DISCARD = "Discard your changes to this product?";

/** The form as one string, keys in a fixed order, to tell whether anything was changed. */
function comparable(v: ProductFormValues): string {
  const { pictures, stock, ...fields } = v;
  return JSON.stringify([
    Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)),
    stock.map((c) => [c.size, c.colour, c.stock]),
    pictures.map((p) => [p.key, p.alt]),
  ]);
}

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <div
      className="flex h-dvh w-full flex-col bg-ivory text-ink shadow-2xl md:h-auto md:max-h-[calc(100dvh-3rem)] md:max-w-6xl"
      data-testid="product-editor"
    >
      {children}
    </div>
  );
}

/** The dialog frame shared by the editor and its 'not found' answer. */
function EditorDialog({
  titleId,
  onClose,
  children,
}: {
  titleId: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const ref = useModalDialog(true, onClose);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none items-center justify-center overflow-hidden bg-transparent p-0 backdrop:bg-ink/55 open:flex md:p-6"
    >
      <Panel>{children}</Panel>
    </dialog>
  );
}

export function ProductEditor({ product, brand, skuNumber, activity }: EditorData) {
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const navigation = useNavigation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<SaveAnswer>();
  const dirty = useRef(false);
  const handled = useRef<SaveAnswer | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const listHref = `/admin/products${location.search}`;

  const close = () => {
    if (dirty.current && !window.confirm(DISCARD)) return;
    void navigate(listHref, { preventScrollReset: true });
  };

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast(answer.created ? PRODUCT_MESSAGES.added : PRODUCT_MESSAGES.updated);
      if (answer.pictureCleanupFailed) toast(PRODUCT_MESSAGES.imageRemoveFailed, "error");
      dirty.current = false;
      void navigate(listHref, { preventScrollReset: !answer.created });
    } else {
      toast(PRODUCT_MESSAGES.saveFailed, "error");
    }
  }, [answer, toast, navigate, listHref]);

  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";

  return (
    <EditorDialog titleId={titleId} onClose={close}>
      <EditorForm
        key={product ? `${product.id}:${product.version}` : "new"}
        titleId={titleId}
        product={product}
        brand={brand}
        skuNumber={skuNumber}
        activity={activity}
        saving={fetcher.state !== "idle"}
        answer={answer && !answer.ok ? answer : undefined}
        onDirty={(d) => {
          dirty.current = d;
        }}
        // multipart: the JSON travels as it is (a URL-encoded body would grow by a third or more)
        onSave={(values) =>
          fetcher.submit(
            { intent: "save", product: JSON.stringify(values) },
            { method: "post", encType: "multipart/form-data" },
          )
        }
        onClose={close}
        onReload={() => {
          dirty.current = false;
          void revalidator.revalidate();
        }}
        reloading={revalidator.state !== "idle"}
        onDelete={() => setConfirming(true)}
      />
      {product ? (
        <ConfirmDelete
          product={confirming ? { id: product.id, name: product.values.name } : null}
          everOrdered={product.everOrdered}
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            dirty.current = false;
            void submit(
              { intent: "delete", productId: product.id },
              { method: "post", action: listHref, replace: true },
            );
          }}
        />
      ) : null}
    </EditorDialog>
  );
}

interface FormProps extends EditorData {
  titleId: string;
  saving: boolean;
  reloading: boolean;
  answer: Extract<SaveAnswer, { ok: false }> | undefined;
  onDirty: (dirty: boolean) => void;
  onSave: (values: ProductFormValues) => void;
  onClose: () => void;
  onReload: () => void;
  onDelete: () => void;
}

type TextField =
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
  | "type";

function EditorForm({
  titleId,
  product,
  brand,
  skuNumber,
  activity,
  saving,
  reloading,
  answer,
  onDirty,
  onSave,
  onClose,
  onReload,
  onDelete,
}: FormProps) {
  const start = useMemo(() => product?.values ?? emptyProductForm(brand), [product, brand]);
  const [values, setValues] = useState<Omit<ProductFormValues, "pictures" | "stock">>(() => {
    const { pictures: _p, stock: _s, ...rest } = start;
    return rest;
  });
  const [cells, setCells] = useState<StockCell[]>(start.stock);
  const [pictures, setPictures] = useState<PictureItem[]>(() => pictureItems(start.pictures));
  const bodyRef = useRef<HTMLDivElement>(null);
  const formId = useId();
  // every stock cell ever shown, so a size taken away and chosen again comes back with its stock
  const known = useRef(new Map(start.stock.map((c) => [variantKey(c.size, c.colour), c])));

  const current: ProductFormValues = { ...values, stock: cells, pictures: readyPictures(pictures) };
  const uploading = pictures.some((p) => p.status === "uploading");
  const startJson = useMemo(() => comparable(start), [start]);
  const isDirty = comparable(current) !== startJson || uploading;
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);

  useEffect(() => {
    if (answer) bodyRef.current?.scrollTo({ top: 0, behavior: "smooth" });
  }, [answer]);

  const check = checkProductForm(current);
  const clientErrors: FieldErrors = check.ok ? {} : check.fieldErrors;
  const { attempted, serverErrors, formError, conflict, shownError, forget, touch, beginSave } =
    useEditorMessages<string>(answer, clientErrors);
  const blocker = saveBlocker(current, uploading);

  const text = (field: TextField) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      forget(field);
    },
    onBlur: () => touch(field),
    error: shownError(field),
  });

  const setAxes = (sizes: string[], colours: ProductFormValues["colours"]) => {
    for (const c of cells) known.current.set(variantKey(c.size, c.colour), c);
    setValues((v) => ({ ...v, sizes, colours }));
    setCells(stockCells(sizes, colours, [...known.current.values()]));
    forget("sizes");
    forget("colours");
  };

  const productSku = product?.sku ?? `${skuPrefix(values.category)}-${skuNumber ?? 1001}`;
  const stored = new Map((product?.variants ?? []).map((v) => [variantKey(v.size, v.colour), v.sku]));
  const derived = variantSkus(
    productSku,
    variantAxes({ sizes: values.sizes, colourNames: values.colours.map((c) => c.name) }),
  );
  const skuOf = (size: string, colour: string) =>
    stored.get(variantKey(size, colour)) ?? derived.get(variantKey(size, colour)) ?? "";

  const stockErrors: FieldErrors = {};
  for (const [k, v] of Object.entries({ ...(attempted ? clientErrors : {}), ...serverErrors }))
    if (k.startsWith("stock")) stockErrors[k] = v;

  const save = () => {
    if (blocker) {
      beginSave(false);
      return;
    }
    if (!beginSave(check.ok, check.ok ? undefined : check.formError)) {
      requestAnimationFrame(() => bodyRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    onSave(current);
  };

  const price = rupeesTextToPaise(values.price);
  const original = rupeesTextToPaise(values.originalPrice);
  const off = price !== null && original !== null ? percentOff(price, original) : 0;

  return (
    <>
      <EditorHeader
        eyebrow={product ? product.sku : "New product"}
        title={product ? "Edit product" : "Add product"}
        titleId={titleId}
        onClose={onClose}
      />

      <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-6 sm:px-8">
        <FormErrorBanner message={formError} conflict={conflict} reloading={reloading} onReload={onReload} />

        <form
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
          className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]"
        >
          <div className="min-w-0 space-y-9">
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
                    hint={
                      off > 0 ? `Shown struck through: ${off}% off` : "Optional; above the price, shown struck through"
                    }
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

            <Section title="Pictures" description="At least one. The first is the cover on cards and the product page.">
              <PictureManager
                items={pictures}
                setItems={setPictures}
                error={serverErrors.pictures ?? (attempted ? clientErrors.pictures : undefined)}
              />
            </Section>

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
                <legend className="block text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">
                  Occasions
                </legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {[...new Set([...OCCASION_PRESETS, ...values.occasions])].map((o) => (
                    <ToggleChip
                      key={o}
                      pressed={values.occasions.includes(o)}
                      onToggle={() =>
                        setValues((v) => ({
                          ...v,
                          occasions: v.occasions.includes(o) ? v.occasions.filter((x) => x !== o) : [...v.occasions, o],
                        }))
                      }
                    >
                      {o}
                    </ToggleChip>
                  ))}
                </div>
              </fieldset>
            </Section>

            <Section title="Sizes and colours">
              <div className="grid gap-8">
                <SizesPicker
                  sizes={values.sizes}
                  onChange={(sizes) => setAxes(sizes, values.colours)}
                  error={shownError("sizes")}
                />
                <ColoursPicker
                  colours={values.colours}
                  onChange={(colours) => setAxes(values.sizes, colours)}
                  error={shownError("colours")}
                />
              </div>
            </Section>

            <Section
              title="Stock"
              description="Pieces in hand for every size and colour. A size at 0 shows as sold out in the shop."
            >
              <StockGrid
                cells={cells}
                colours={values.colours}
                skuOf={skuOf}
                errors={stockErrors}
                onChange={(next) => {
                  setCells(next);
                  for (const k of Object.keys(serverErrors)) if (k.startsWith("stock")) forget(k);
                }}
              />
            </Section>
          </div>

          <aside className="space-y-8 lg:sticky lg:top-0 lg:self-start">
            <div className="border border-linen bg-white p-5">
              <h3 className="font-display text-xl">Visibility</h3>
              <label className="mt-3 flex cursor-pointer items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  checked={values.isActive}
                  onChange={(e) => {
                    const checked = e.target.checked;
                    setValues((v) => ({ ...v, isActive: checked }));
                  }}
                  className="mt-0.5 h-4 w-4 accent-maroon"
                />
                <span>
                  <span className="font-medium text-ink">Active</span>
                  <span className="block text-xs text-stone">
                    Shown and sold in the shop. Inactive products stay here, hidden from shoppers.
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
        </form>
      </div>

      <footer className="flex flex-col border-t border-linen bg-ivory px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:px-8 sm:py-3.5">
        <p
          id={`${formId}-status`}
          aria-live="polite"
          className="mb-2 text-sm text-stone empty:mb-0 sm:order-1 sm:mb-0 sm:flex-1 sm:text-right"
        >
          {saving ? "Saving..." : (blocker ?? "")}
        </p>
        <div className="flex items-center gap-2 sm:order-2">
          {product ? (
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
            {saving ? "Saving..." : product ? "Save changes" : "Add product"}
          </button>
        </div>
      </footer>
    </>
  );
}

/** The editor's answer for an address that is no product (deleted, or mistyped). */
export function EditorMissing({ notFound }: { notFound: boolean }) {
  const titleId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const close = () => void navigate(`/admin/products${location.search}`);
  return (
    <EditorDialog titleId={titleId} onClose={close}>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-10 text-center md:min-h-80">
        <p className="eyebrow">{notFound ? "404" : "Error"}</p>
        <h2 id={titleId} className="font-display text-3xl">
          {notFound ? PRODUCT_MESSAGES.notFound : "The product could not be loaded"}
        </h2>
        <p className="text-sm text-stone">{notFound ? "It may have been deleted." : "Please try again."}</p>
        <button type="button" onClick={close} className="btn-primary mt-2">
          Back to products
        </button>
      </div>
    </EditorDialog>
  );
}
