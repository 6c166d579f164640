import { useActionData, useFetcher } from "react-router";
import { formatPhone } from "~/modules/accounts";
import { NOTIFY_INTENT } from "~/modules/catalog";
import type { ProductVariantView } from "~/modules/catalog";
import { BellIcon } from "./product-icons";

export interface NotifyResult {
  ok: boolean;
  text: string;
  /** what the shopper typed, kept when the answer is a problem */
  phone?: string;
}

/**
 * 'Notify me when it is back' for the sold-out sizes of the chosen colour (decision 015). A
 * <details> with a plain form, so it works before (and without) the page's script: a guest types
 * a mobile number, a signed-in shopper uses their own with one press. The answer never says
 * whether someone else already asked (the route decides the wording).
 */
export function NotifyMe({
  productId,
  variants,
  sizes,
  colour,
  hasSizes,
  selected,
  onSelect,
  open,
  onOpenChange,
  phone,
}: {
  productId: string;
  variants: readonly ProductVariantView[];
  /** the sold-out sizes to offer, in the chosen colour (or in every colour when none is chosen) */
  sizes: readonly string[];
  colour: string | null;
  hasSizes: boolean;
  /** the variant asked about (a pressed struck-through size), else the first one offered */
  selected: string | null;
  onSelect: (variantId: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the signed-in shopper's own number, if any */
  phone: string | null;
}) {
  const fetcher = useFetcher<NotifyResult>({ key: `notify-me:${productId}` });
  const posted = useActionData<NotifyResult>();
  const result = fetcher.data ?? posted;
  const options = variants.filter(
    (v) => v.stock <= 0 && sizes.includes(v.size) && (colour === null || v.colour === colour),
  );
  const showColour = colour === null && new Set(options.map((v) => v.colour)).size > 1;
  const label = (v: ProductVariantView) =>
    [hasSizes ? v.size : null, showColour || !hasSizes ? v.colour : null].filter(Boolean).join(" · ") || "This piece";
  const busy = fetcher.state !== "idle";
  const current = options.find((v) => v.id === selected) ?? options[0];

  if (!current) return null;

  return (
    <details
      id="notify-me"
      open={open}
      onToggle={(e) => onOpenChange(e.currentTarget.open)}
      className="group border border-linen bg-sand/30 px-4 py-3 open:pb-5"
    >
      <summary className="cursor-pointer list-none text-xs font-medium tracking-[0.18em] text-ink uppercase marker:hidden [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <BellIcon className="h-4 w-4 text-maroon" />
          Notify me when it is back
        </span>
      </summary>
      <fetcher.Form method="post" action={`/product/${productId}`} className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value={NOTIFY_INTENT} />
        {options.length === 1 ? (
          <p className="text-sm text-ink">
            <input type="hidden" name="variantId" value={current.id} />
            {hasSizes ? "Size" : "Piece"}: <span className="font-medium">{label(current)}</span>
          </p>
        ) : (
          <div>
            <label htmlFor="notify-variant" className="mb-1.5 block text-xs tracking-[0.16em] text-stone uppercase">
              {hasSizes ? "Size" : "Colour"}
            </label>
            <select
              id="notify-variant"
              name="variantId"
              value={current.id}
              onChange={(e) => onSelect(e.target.value)}
              className="w-full border border-linen bg-ivory px-3 py-2.5 text-sm text-ink focus-visible:border-ink"
            >
              {options.map((v) => (
                <option key={v.id} value={v.id}>
                  {label(v)}
                </option>
              ))}
            </select>
          </div>
        )}
        <PhoneChoice phone={phone} result={result} />
        <button id="notify-submit" type="submit" className="btn-outline w-full" disabled={busy}>
          {busy ? "Saving..." : phone ? "Notify me" : "Notify me by SMS"}
        </button>
        <p
          id="notify-result"
          role={result && !result.ok ? "alert" : "status"}
          aria-live="polite"
          className={`min-h-5 text-sm ${result?.ok ? "text-leaf" : "text-sale"}`}
        >
          {busy ? "" : (result?.text ?? "")}
        </p>
      </fetcher.Form>
    </details>
  );
}

/** Where the text goes: a signed-in shopper's own number, or a mobile number to type. */
function PhoneChoice({ phone, result }: { phone: string | null; result: NotifyResult | undefined }) {
  return phone ? (
    <p className="text-sm text-stone">
      We'll send one text to <span className="text-ink">{formatPhone(phone)}</span> when it is back.
    </p>
  ) : (
    <div>
      <label htmlFor="notify-phone" className="mb-1.5 block text-xs tracking-[0.16em] text-stone uppercase">
        Mobile number
      </label>
      <div className="flex items-stretch border border-linen bg-ivory focus-within:border-ink">
        <span className="flex items-center border-r border-linen px-3 text-sm text-stone">+91</span>
        <input
          id="notify-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="98765 43210"
          defaultValue={result && !result.ok ? result.phone : undefined}
          aria-describedby={result ? "notify-result" : undefined}
          aria-invalid={result && !result.ok ? true : undefined}
          className="min-w-0 flex-1 bg-transparent px-3 py-2.5 text-sm text-ink outline-none"
        />
      </div>
    </div>
  );
}

/** After a struck-through size was pressed: the next thing to fill in (the number, or the button for a signed-in shopper). */
export function focusNotifyForm(): void {
  requestAnimationFrame(() =>
    (document.getElementById("notify-phone") ?? document.getElementById("notify-submit"))?.focus(),
  );
}
