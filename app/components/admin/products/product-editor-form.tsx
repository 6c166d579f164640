import { useEffect, useId, useMemo, useRef, useState } from "react";
import { EditorHeader, FormErrorBanner } from "~/components/admin/editor-parts";
import { focusFirstInvalid, textBinder, useEditorMessages } from "~/components/admin/use-editor-messages";
import {
  checkProductForm,
  emptyProductForm,
  saveBlocker,
  skuPrefix,
  stockCells,
  variantAxes,
  variantKey,
  variantSkus,
  type FieldErrors,
  type ProductForEdit,
  type ProductFormValues,
  type StockCell,
} from "~/modules/catalog";
import { pictureItems, readyPictures, type PictureItem } from "./picture-manager";
import type { EditorData } from "./product-editor";
import {
  DescriptionSection,
  EditorFooter,
  EditorSidebar,
  EssentialsSection,
  MakeAndCareSection,
  PicturesSection,
  SizesColoursSection,
  StockSection,
  toggled,
  type ProductTextField,
} from "./product-editor-sections";
import { ShippingSection } from "./product-editor-shipping";

/*
 * The product editor's form: it holds every value typed (the fields, the stock grid and the
 * pictures), checks them as the shopper-facing rules say, and hands the whole form to `onSave`. The
 * sections it shows live in product-editor-sections.tsx.
 */

export type SaveAnswer =
  | { ok: true; id: string; created: boolean; pictureCleanupFailed: boolean }
  | { ok: false; formError: string; fieldErrors: FieldErrors; conflict?: boolean };

/** The form as one string, keys in a fixed order, to tell whether anything was changed. */
function comparable(v: ProductFormValues): string {
  const { pictures, stock, ...fields } = v;
  return JSON.stringify([
    Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)),
    stock.map((c) => [c.size, c.colour, c.stock]),
    pictures.map((p) => [p.key, p.alt]),
  ]);
}

/** Each variant's SKU: the one stored for it, else the one it gets when saved. */
function variantSkuOf(
  product: ProductForEdit | null,
  skuNumber: number | null,
  values: Pick<ProductFormValues, "category" | "sizes" | "colours">,
): (size: string, colour: string) => string {
  const productSku = product?.sku ?? `${skuPrefix(values.category)}-${skuNumber ?? 1001}`;
  const stored = new Map((product?.variants ?? []).map((v) => [variantKey(v.size, v.colour), v.sku]));
  const derived = variantSkus(
    productSku,
    variantAxes({ sizes: values.sizes, colourNames: values.colours.map((c) => c.name) }),
  );
  return (size, colour) => stored.get(variantKey(size, colour)) ?? derived.get(variantKey(size, colour)) ?? "";
}

/** The messages on stock cells among those given. */
function stockErrorsOf(errors: FieldErrors): FieldErrors {
  const stockErrors: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) if (k.startsWith("stock")) stockErrors[k] = v;
  return stockErrors;
}

/**
 * The values the editor holds: the text fields, the stock grid's cells and the pictures; the whole
 * form as it would be sent; and whether it differs from where it started (told to `onDirty`).
 */
function useProductValues(start: ProductFormValues, onDirty: (dirty: boolean) => void) {
  const [values, setValues] = useState<Omit<ProductFormValues, "pictures" | "stock">>(() => {
    const { pictures: _p, stock: _s, ...rest } = start;
    return rest;
  });
  const [cells, setCells] = useState<StockCell[]>(start.stock);
  const [pictures, setPictures] = useState<PictureItem[]>(() => pictureItems(start.pictures));
  // every stock cell ever shown, so a size taken away and chosen again comes back with its stock
  const known = useRef(new Map(start.stock.map((c) => [variantKey(c.size, c.colour), c])));

  const current: ProductFormValues = { ...values, stock: cells, pictures: readyPictures(pictures) };
  const uploading = pictures.some((p) => p.status === "uploading");
  const startJson = useMemo(() => comparable(start), [start]);
  const isDirty = comparable(current) !== startJson || uploading;
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);

  /** other sizes or colours: the grid's cells follow them */
  const setAxes = (sizes: string[], colours: ProductFormValues["colours"]) => {
    for (const c of cells) known.current.set(variantKey(c.size, c.colour), c);
    setValues((v) => ({ ...v, sizes, colours }));
    setCells(stockCells(sizes, colours, [...known.current.values()]));
  };

  return { values, setValues, cells, setCells, pictures, setPictures, current, uploading, setAxes };
}

/** The form's scrolling body, taken back to its top (where the message is) when a save is refused. */
function useTopOnAnswer(answer: unknown) {
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) bodyRef.current?.scrollTo({ top: 0, behavior: "smooth" });
  }, [answer]);
  return bodyRef;
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

export function EditorForm({
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
  const { values, setValues, cells, setCells, pictures, setPictures, current, uploading, setAxes } = useProductValues(
    start,
    onDirty,
  );
  const bodyRef = useTopOnAnswer(answer);
  const formId = useId();

  const check = checkProductForm(current);
  const clientErrors: FieldErrors = check.ok ? {} : check.fieldErrors;
  const messages = useEditorMessages<string>(answer, clientErrors);
  const { attempted, serverErrors, formError, conflict, shownError, forget, beginSave } = messages;
  const blocker = saveBlocker(current, uploading);
  const text = textBinder<ProductTextField, typeof values>(values, setValues, messages);

  // with a blocker (named in the footer) a save only marks the form as tried; refused by the checks, the
  // first field in error takes the focus
  const save = () => {
    if (blocker) beginSave(false);
    else if (!beginSave(check.ok, check.ok ? undefined : check.formError)) focusFirstInvalid(bodyRef);
    else onSave(current);
  };

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
            <EssentialsSection text={text} formId={formId} price={values.price} originalPrice={values.originalPrice} />
            <PicturesSection
              items={pictures}
              setItems={setPictures}
              error={serverErrors.pictures ?? (attempted ? clientErrors.pictures : undefined)}
            />
            <DescriptionSection text={text} />
            <MakeAndCareSection
              text={text}
              formId={formId}
              occasions={values.occasions}
              onToggleOccasion={(o) => setValues((v) => ({ ...v, occasions: toggled(v.occasions, o) }))}
            />
            <SizesColoursSection
              sizes={values.sizes}
              colours={values.colours}
              sizesError={shownError("sizes")}
              coloursError={shownError("colours")}
              onAxes={(sizes, colours) => {
                setAxes(sizes, colours);
                forget("sizes");
                forget("colours");
              }}
            />
            <StockSection
              cells={cells}
              colours={values.colours}
              skuOf={variantSkuOf(product, skuNumber, values)}
              errors={stockErrorsOf({ ...(attempted ? clientErrors : {}), ...serverErrors })}
              onChange={(next) => {
                setCells(next);
                for (const k of Object.keys(serverErrors)) if (k.startsWith("stock")) forget(k);
              }}
            />
            <ShippingSection text={text} category={values.category} />
          </div>
          <EditorSidebar
            product={product}
            formId={formId}
            isActive={values.isActive}
            onActive={(checked) => setValues((v) => ({ ...v, isActive: checked }))}
            fitAdvice={values.fitAdviceEnabled}
            onFitAdvice={(checked) => setValues((v) => ({ ...v, fitAdviceEnabled: checked }))}
            activity={activity}
          />
        </form>
      </div>

      <EditorFooter
        formId={formId}
        isNew={!product}
        saving={saving}
        blocker={blocker}
        onDelete={onDelete}
        onClose={onClose}
      />
    </>
  );
}
