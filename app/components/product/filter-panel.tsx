import { useId, useState } from "react";
import { Form } from "react-router";
import {
  AVAILABILITY,
  COLOURS_BEFORE_MORE,
  FACET_PARAMS,
  PRICE_RANGES,
  PRICE_SLIDER,
  type FacetKey,
  type ListFilters,
} from "~/modules/catalog";
import type { FacetValue, Facets } from "~/modules/catalog";
import { groupIndian } from "~/modules/pricing";

const SECTIONS: Array<{ key: Exclude<FacetKey, "colours">; title: string }> = [
  { key: "sizes", title: "Size" },
  { key: "occasions", title: "Occasion" },
  { key: "fabrics", title: "Fabric" },
  { key: "materials", title: "Material" },
  { key: "types", title: "Type" },
];

/**
 * The filters as a real GET form (it works before the page's script loads). With `live`, every
 * change applies at once (desktop sidebar); without, the shopper applies with the submit button
 * (mobile bottom sheet).
 */
export function FilterPanel({
  filters,
  facets,
  live,
  onApply,
  clearHref,
}: {
  filters: ListFilters;
  facets: Facets;
  live: boolean;
  onApply: (next: ListFilters) => void;
  clearHref: string;
}) {
  // The parent keys this panel by the URL's filters, so a navigation starts a fresh draft.
  const [draft, setDraft] = useState(filters);
  const priceActive = draft.minPrice !== undefined || draft.maxPrice !== undefined;
  const [slider, setSlider] = useState({
    min: filters.minPrice ?? PRICE_SLIDER.defaultMin,
    max: filters.maxPrice ?? PRICE_SLIDER.defaultMax,
  });

  const change = (next: ListFilters) => {
    const withPage = { ...next, page: 1 };
    setDraft(withPage);
    if (live) onApply(withPage);
  };
  const toggle = (key: FacetKey, value: string) => {
    const list = draft[key];
    change({ ...draft, [key]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] });
  };
  const commitSlider = () => change({ ...draft, minPrice: slider.min, maxPrice: slider.max });

  return (
    <Form
      method="get"
      action="/products"
      preventScrollReset
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
      aria-label="Filters"
      className="space-y-8"
    >
      {draft.category ? <input type="hidden" name="category" value={draft.category} /> : null}
      {draft.search ? <input type="hidden" name="search" value={draft.search} /> : null}
      {draft.sortChosen ? <input type="hidden" name="sortBy" value={draft.sortBy} /> : null}
      {draft.view === "list" ? <input type="hidden" name="view" value="list" /> : null}

      <fieldset>
        <legend className="facet-title">Price</legend>
        <div className="opts">
          <Radio
            name="priceRange"
            value=""
            label="All prices"
            checked={!draft.priceRange}
            onChange={() => change({ ...draft, priceRange: undefined })}
          />
          {PRICE_RANGES.map((r) => (
            <Radio
              key={r.value}
              name="priceRange"
              value={r.value}
              label={r.label}
              checked={draft.priceRange === r.value}
              onChange={() => change({ ...draft, priceRange: r.value })}
            />
          ))}
        </div>
        <PriceSlider
          min={slider.min}
          max={slider.max}
          active={priceActive}
          onInput={(min, max) => setSlider({ min, max })}
          onCommit={commitSlider}
          onReset={() => change({ ...draft, minPrice: undefined, maxPrice: undefined })}
        />
      </fieldset>

      <FacetGroup
        title="Colour"
        values={facets.colours}
        selected={draft.colours}
        param={FACET_PARAMS.colours}
        onToggle={(v) => toggle("colours", v)}
        swatches
      />

      {SECTIONS.map(({ key, title }) =>
        facets[key].length > 0 ? (
          <FacetGroup
            key={key}
            title={title}
            values={facets[key]}
            selected={draft[key]}
            param={FACET_PARAMS[key]}
            onToggle={(v) => toggle(key, v)}
          />
        ) : null,
      )}

      <fieldset>
        <legend className="facet-title">Availability</legend>
        <div className="opts">
          {AVAILABILITY.map((a) => (
            <Check
              key={a.value}
              name="availability"
              value={a.value}
              label={a.label}
              count={a.value === "in-stock" ? facets.availability.inStock : facets.availability.outOfStock}
              checked={draft.availability === a.value}
              onChange={() => change({ ...draft, availability: draft.availability === a.value ? undefined : a.value })}
            />
          ))}
        </div>
      </fieldset>

      <div className={`flex gap-3 ${live ? "" : "sticky bottom-0 -mx-5 border-t border-linen bg-ivory px-5 py-4"}`}>
        <a
          href={clearHref}
          className="btn-outline flex-1 !px-4"
          onClick={(e) => {
            e.preventDefault();
            onApply({
              ...draft,
              priceRange: undefined,
              minPrice: undefined,
              maxPrice: undefined,
              sizes: [],
              colours: [],
              occasions: [],
              fabrics: [],
              materials: [],
              types: [],
              availability: undefined,
              page: 1,
            });
          }}
        >
          Clear all
        </a>
        <button type="submit" className={`btn-primary flex-1 !px-4 ${live ? "sr-only focus:not-sr-only" : ""}`}>
          {live ? "Apply filters" : "Show results"}
        </button>
      </div>
    </Form>
  );
}

function PriceSlider({
  min,
  max,
  active,
  onInput,
  onCommit,
  onReset,
}: {
  min: number;
  max: number;
  active: boolean;
  onInput: (min: number, max: number) => void;
  onCommit: () => void;
  onReset: () => void;
}) {
  const id = useId();
  const pct = (v: number) => `${(v / PRICE_SLIDER.max) * 100}%`;
  const fmt = (v: number) => `₹${groupIndian(v)}`;
  return (
    <div className="mt-6">
      <div className="flex items-baseline justify-between text-sm">
        <span id={`${id}-label`} className="text-stone">
          Price range
        </span>
        <span className="font-medium text-ink" data-testid="price-output">
          {`${fmt(min)} – ${fmt(max)}`}
        </span>
      </div>
      <div className="relative mt-3 h-6">
        <div className="absolute inset-x-0 top-1/2 h-px -translate-y-1/2 bg-linen" />
        <div
          className="absolute top-1/2 h-0.5 -translate-y-1/2 bg-ink"
          style={{ left: pct(min), right: `calc(100% - ${pct(max)})` }}
        />
        <RangeInput
          id={`${id}-min`}
          name={active ? "minPrice" : undefined}
          label="Minimum price"
          value={min}
          onValue={(v) => onInput(Math.min(v, max), max)}
          onCommit={onCommit}
        />
        <RangeInput
          id={`${id}-max`}
          name={active ? "maxPrice" : undefined}
          label="Maximum price"
          value={max}
          onValue={(v) => onInput(min, Math.max(v, min))}
          onCommit={onCommit}
        />
      </div>
      <div className="mt-2 flex justify-between text-xs text-stone">
        <span>{fmt(PRICE_SLIDER.min)}</span>
        {active ? (
          <button type="button" onClick={onReset} className="underline underline-offset-4 hover:text-ink">
            Any price
          </button>
        ) : (
          <button type="button" onClick={onCommit} className="underline underline-offset-4 hover:text-ink">
            Apply range
          </button>
        )}
        <span>{fmt(PRICE_SLIDER.max)}</span>
      </div>
    </div>
  );
}

function FacetGroup({
  title,
  values,
  selected,
  param,
  onToggle,
  swatches = false,
}: {
  title: string;
  values: FacetValue[];
  selected: string[];
  param: string;
  onToggle: (value: string) => void;
  swatches?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  if (values.length === 0) return null;
  const limit = swatches ? COLOURS_BEFORE_MORE : values.length;
  // A ticked value stays visible even when it sits beyond the first fifteen.
  const shown = expanded ? values : values.filter((v, i) => i < limit || selected.includes(v.value));
  return (
    <fieldset>
      <legend className="facet-title">{title}</legend>
      <div className="opts">
        {shown.map((v) => (
          <Check
            key={v.value}
            name={param}
            value={v.value}
            label={v.value}
            count={v.count}
            checked={selected.includes(v.value)}
            onChange={() => onToggle(v.value)}
            swatch={swatches ? (v.hex ?? "#ccc") : undefined}
          />
        ))}
      </div>
      {values.length > limit ? (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
          className="mt-3 text-[0.7rem] font-medium tracking-[0.2em] text-ink uppercase underline underline-offset-4"
        >
          {expanded ? "Show less" : "Show more"}
        </button>
      ) : null}
    </fieldset>
  );
}

function Check({
  name,
  value,
  label,
  count,
  checked,
  onChange,
  swatch,
}: {
  name: string;
  value: string;
  label: string;
  count: number;
  checked: boolean;
  onChange: () => void;
  swatch?: string;
}) {
  return (
    <label>
      <input type="checkbox" name={name} value={value} checked={checked} onChange={onChange} />
      {/* an empty span: nothing in it for a screen reader to read; the colour's name follows */}
      {swatch ? <i style={{ background: swatch }} /> : null}
      {label}
      <small>{`(${count})`}</small>
    </label>
  );
}

function Radio({
  name,
  value,
  label,
  checked,
  onChange,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} />
      {label}
    </label>
  );
}

/** One thumb of the price slider: the value follows the pointer, the filter applies when it is let go. */
function RangeInput({
  id,
  name,
  label,
  value,
  onValue,
  onCommit,
}: {
  id: string;
  name: string | undefined;
  label: string;
  value: number;
  onValue: (value: number) => void;
  onCommit: () => void;
}) {
  return (
    <input
      id={id}
      type="range"
      name={name}
      aria-label={label}
      min={PRICE_SLIDER.min}
      max={PRICE_SLIDER.max}
      step={PRICE_SLIDER.step}
      value={value}
      onChange={(e) => onValue(Number(e.target.value))}
      onPointerUp={onCommit}
      onKeyUp={(e) => (e.key.startsWith("Arrow") || e.key === "Home" || e.key === "End" ? onCommit() : undefined)}
      className="range-thumbs"
    />
  );
}
