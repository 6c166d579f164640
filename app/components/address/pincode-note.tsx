import { pincodeMessage } from "./pincode-fill";
import type { PincodeLookup } from "./use-pincode-lookup";

/**
 * The lookup's note for an address form: a polite live region (always in the page, so that screen
 * readers announce each change) and, for a pincode in two states, a button per state.
 */
export function PincodeNote({ lookup, state }: { lookup: PincodeLookup; state: string }) {
  const { result } = lookup;
  const message = pincodeMessage(result, state);
  const choices = result.status === "found" && result.places.length > 1 ? result.places : [];
  return (
    <div>
      <div aria-live="polite" data-testid="pincode-note">
        {message ? (
          <p className={`mt-3 text-sm ${result.status === "unknown" ? "text-stone" : "text-ink/80"}`}>{message}</p>
        ) : null}
      </div>
      {choices.length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {choices.map((place) => (
            <button
              key={place.state}
              type="button"
              aria-pressed={state === place.state}
              onClick={() => lookup.acceptPlace(place)}
              className={`border px-4 py-2 text-xs tracking-[0.16em] uppercase transition-colors ${state === place.state ? "border-ink bg-ink text-ivory" : "border-linen bg-white text-ink hover:border-ink"}`}
            >
              {place.state}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
