import { useEffect, useEffectEvent, useRef, useState } from "react";
import { isPincode, normalisePincode, type PincodeAnswer, type PincodePlace } from "~/modules/shipping";
import { mayFill, planFill, startingValues, type FilledByLookup, type PincodeResult } from "./pincode-fill";

export type { PincodeResult } from "./pincode-fill";

/*
 * Fills city and state from the pincode a shopper types, for any address form (the address book
 * today, the checkout's billing form next). The form owns its fields; this hook reads them and calls
 * their setters. Rules (docs/decisions/016):
 * - it looks a pincode up only once the shopper has changed it (a saved address is left alone);
 * - it fills a field only when the field is empty, still holds what the lookup itself put there, or
 *   still holds what the form started with (a saved address: Indiranagar, Karnataka gives way to
 *   Jaipur, Rajasthan for 302001): what the shopper typed or chose by hand is never overwritten;
 * - a pincode in two states fills no state: the form offers both;
 * - without JavaScript, or when the lookup fails, the fields are ordinary fields.
 */

export interface PincodeFields {
  pincode: string;
  city: string;
  state: string;
  setCity: (city: string) => void;
  setState: (state: string) => void;
}

export interface PincodeLookup {
  result: PincodeResult;
  /** The shopper chose a state by hand (the select): the matching city of a two-state pincode is filled if it may be. */
  chooseState: (state: string) => void;
  /** The shopper took one of the places offered for a two-state pincode: as if the lookup had filled it. */
  acceptPlace: (place: PincodePlace) => void;
}

type Answered = Exclude<PincodeResult, { status: "idle" }>;

export function usePincodeLookup(fields: PincodeFields): PincodeLookup {
  const pincode = normalisePincode(fields.pincode);
  const [initialPincode] = useState(pincode);
  const changed = useRef(false);
  const [answer, setAnswer] = useState<Answered | null>(null);
  // what the lookup itself last put into each field, or what the form started with: such a value may
  // be replaced, anything else is the shopper's
  const filledByLookup = useRef<FilledByLookup>(startingValues({ city: fields.city, state: fields.state }));

  const fill = (set: Partial<Pick<PincodeFields, "city" | "state">>) => {
    if (set.city !== undefined) {
      filledByLookup.current.city = set.city;
      fields.setCity(set.city);
    }
    if (set.state !== undefined) {
      filledByLookup.current.state = set.state || null;
      fields.setState(set.state);
    }
  };

  const apply = useEffectEvent((pin: string, places: PincodePlace[] | null) => {
    if (places === null) return setAnswer({ status: "failed", pincode: pin });
    if (places.length === 0) return setAnswer({ status: "unknown", pincode: pin });
    const { set, filled, kept } = planFill(places, { city: fields.city, state: fields.state }, filledByLookup.current);
    fill(set);
    setAnswer({ status: "found", pincode: pin, places, filled, kept });
  });

  useEffect(() => {
    if (pincode !== initialPincode) changed.current = true;
    if (!changed.current || !isPincode(pincode)) return;
    const controller = new AbortController();
    fetch(`/api/pincodes/${pincode}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (response.status === 404) return apply(pincode, []);
        if (!response.ok) throw new Error(`pincode lookup: ${response.status}`);
        const body = (await response.json()) as PincodeAnswer;
        apply(pincode, Array.isArray(body.places) ? body.places : []);
      })
      .catch(() => {
        if (!controller.signal.aborted) apply(pincode, null);
      });
    return () => controller.abort();
  }, [pincode, initialPincode]);

  // an answer for another pincode than the one in the field now is no answer
  const result: PincodeResult = answer && answer.pincode === pincode ? answer : { status: "idle" };

  const cityOf = (place: PincodePlace | undefined) =>
    place && place.city !== fields.city && mayFill(fields.city, filledByLookup.current.city)
      ? { city: place.city }
      : {};

  const chooseState = (state: string) => {
    fields.setState(state);
    if (result.status === "found") fill(cityOf(result.places.find((p) => p.state === state)));
  };

  const acceptPlace = (place: PincodePlace) => fill({ state: place.state, ...cityOf(place) });

  return { result, chooseState, acceptPlace };
}
