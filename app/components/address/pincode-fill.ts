import type { PincodePlace } from "~/modules/shipping";

/*
 * What a pincode's places do to an address form's city and state: pure, so that the rule is tested
 * on its own (pincode-fill.test.ts). A field may be filled only when it is empty or still holds what
 * the lookup itself put there, or what the form started with (a saved address, an earlier answer):
 * none of those was chosen by the shopper for this pincode. Anything she typed or chose stays; a
 * state chosen by hand that is not the pincode's is then the form's error (stateMismatch).
 */

export interface CityAndState {
  city: string;
  state: string;
}

/** What the lookup last put into each field, or the form started with (null: nothing, or the shopper has since replaced it). */
export interface FilledByLookup {
  city: string | null;
  state: string | null;
}

/** A form's first city and state (a saved address, or the values sent before) may be replaced by a new pincode. */
export function startingValues(current: CityAndState): FilledByLookup {
  return { city: current.city.trim() === "" ? null : current.city, state: current.state === "" ? null : current.state };
}

/** Where a lookup stands, for the pincode now in the field. */
export type PincodeResult =
  | { status: "idle" }
  | { status: "found"; pincode: string; places: PincodePlace[]; filled: FillPlan["filled"]; kept: FillPlan["kept"] }
  | { status: "unknown"; pincode: string }
  | { status: "failed"; pincode: string };

export interface FillPlan {
  /** the new values to set; a field left out does not change */
  set: Partial<CityAndState>;
  /** fields this lookup changes */
  filled: { city: boolean; state: boolean };
  /** fields that hold something else, entered by the shopper, and are left as they are */
  kept: { city: boolean; state: boolean };
}

export function mayFill(current: string, byLookup: string | null): boolean {
  return current.trim() === "" || current === byLookup;
}

export function planFill(places: readonly PincodePlace[], current: CityAndState, byLookup: FilledByLookup): FillPlan {
  const plan: FillPlan = { set: {}, filled: { city: false, state: false }, kept: { city: false, state: false } };
  if (places.length === 0) return plan;
  // in two states, the state already chosen (by hand or earlier) says which city
  const place = places.length === 1 ? places[0]! : places.find((p) => p.state === current.state);
  const sameCity = places.every((p) => p.city === places[0]!.city);
  const city = place?.city ?? (sameCity ? places[0]!.city : null);

  if (city !== null && city !== current.city) {
    if (mayFill(current.city, byLookup.city)) {
      plan.set.city = city;
      plan.filled.city = true;
    } else plan.kept.city = true;
  }

  if (place) {
    if (place.state !== current.state) {
      if (mayFill(current.state, byLookup.state)) {
        plan.set.state = place.state;
        plan.filled.state = true;
      } else plan.kept.state = true;
    }
  } else if (current.state !== "") {
    // two states and neither chosen: a state the lookup filled for an earlier pincode is wrong for
    // this one, so it is cleared and the shopper chooses; a state chosen by hand stays
    if (current.state === byLookup.state) plan.set.state = "";
    else plan.kept.state = true;
  }
  return plan;
}

/** What the lookup did, in words: shown under the pincode and read out by screen readers. */
export function pincodeMessage(result: PincodeResult, state: string): string {
  switch (result.status) {
    case "idle":
    case "failed":
      return "";
    case "unknown":
      return `We could not find pincode ${result.pincode}. Please check it, or enter your city and state.`;
    case "found": {
      const { pincode, places, filled, kept } = result;
      if (places.length > 1) {
        const chosen = places.some((p) => p.state === state);
        return `Pincode ${pincode} is in ${places.map((p) => p.state).join(" or ")}.${chosen ? "" : " Please choose your state."}`;
      }
      const where = `${places[0]!.city}, ${places[0]!.state}`;
      // a state chosen by hand that is not the pincode's is the form's error under State, not a note
      const keptNote = kept.city ? " Your city is kept as you typed it." : "";
      if (filled.city && filled.state) return `City and state filled in from pincode ${pincode}: ${where}.`;
      if (filled.city) return `City filled in from pincode ${pincode} (${where}).${keptNote}`;
      if (filled.state) return `State filled in from pincode ${pincode} (${where}).${keptNote}`;
      return `Pincode ${pincode} is in ${where}.${keptNote}`;
    }
  }
}
