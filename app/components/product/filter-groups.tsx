import { useId, useState } from "react";
import {
  AVAILABILITY,
  COLOURS_BEFORE_MORE,
  PRICE_RANGES,
  PRICE_SLIDER,
  type FacetValue,
  type Facets,
  type ListFilters,
} from "~/modules/catalog";
import { groupIndian } from "~/modules/pricing";

/** Price: the ranges (all prices, or one band) and the slider for a range of one's own. */
export function PriceFilter({
  draft,
  change,
  slider,
  onSlide,
  onCommit,
}: {
  draft: ListFilters;
  change: (next: ListFilters) => void;
  slider: { min: number; max: number };
  onSlide: (slider: { min: number; max: number }) => void;
  onCommit: () => void;
}) {
  return (
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
        active={draft.minPrice !== undefined || draft.maxPrice !== undefined}
        onInput={(min, max) => onSlide({ min, max })}
        onCommit={onCommit}
        onReset={() => change({ ...draft, minPrice: undefined, maxPrice: undefined })}
      />
    </fieldset>
  );
}

/** In stock or out of stock, with their counts; pressing the ticked one again clears it. */
export function AvailabilityFilter({
  availability,
  counts,
  onToggle,
}: {
  availability: ListFilters["availability"];
  counts: Facets["availability"];
  onToggle: (value: NonNullable<ListFilters["availability"]>) => void;
}) {
  return (
    <fieldset>
      <legend className="facet-title">Availability</legend>
      <div className="opts">
        {AVAILABILITY.map((a) => (
          <Check
            key={a.value}
            name="availability"
            value={a.value}
            label={a.label}
            count={a.value === "in-stock" ? counts.inStock : counts.outOfStock}
            checked={availability === a.value}
            onChange={() => onToggle(a.value)}
          />
        ))}
      </div>
    </fieldset>
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

export function FacetGroup({
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
