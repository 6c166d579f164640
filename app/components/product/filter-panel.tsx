import { useState } from "react";
import { Form } from "react-router";
import { FACET_PARAMS, PRICE_SLIDER, type FacetKey, type Facets, type ListFilters } from "~/modules/catalog";
import { AvailabilityFilter, FacetGroup, PriceFilter } from "./filter-groups";

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

      <PriceFilter draft={draft} change={change} slider={slider} onSlide={setSlider} onCommit={commitSlider} />

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

      <AvailabilityFilter
        availability={draft.availability}
        counts={facets.availability}
        onToggle={(value) => change({ ...draft, availability: draft.availability === value ? undefined : value })}
      />

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
