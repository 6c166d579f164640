import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/admin/toast";
import type { ShippingActionAnswer } from "~/modules/admin/index.server";
import { SHIPPING_MESSAGES } from "~/modules/shipping";

/*
 * The shipping panel's forms share one fetcher: one shipping change runs at a time (every button waits
 * while it does), and its answer outlives the form that sent it (a booked order's form goes away with
 * the reload), so the toast comes from <ShippingAnswerToasts>, which stays.
 */
const SHIPPING_FETCHER_KEY = "order-shipping";

export function useShippingFetcher() {
  return useFetcher<ShippingActionAnswer>({ key: SHIPPING_FETCHER_KEY });
}

/**
 * Calls `onAnswer` once per answer, after the page's data has been loaded again. A keyed fetcher keeps
 * its last answer across pages: the answer there when a component mounts is not repeated.
 */
export function useShippingAnswer(onAnswer: (answer: ShippingActionAnswer) => void) {
  const fetcher = useShippingFetcher();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef<ShippingActionAnswer | undefined>(answer);
  const done = useRef(onAnswer);
  useEffect(() => {
    done.current = onAnswer;
  });
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    done.current(answer);
  }, [answer]);
  return fetcher;
}

/** Each answer as a toast: the change's message, or the refusal. */
export function ShippingAnswerToasts() {
  const toast = useToast();
  useShippingAnswer((answer) => (answer.ok ? toast(answer.message) : toast(answer.formError, "error")));
  return null;
}

/** A refusal that a reload answers: the shipment changed (or went) since the page was loaded. */
export function isStale(formError: string): boolean {
  return formError === SHIPPING_MESSAGES.conflict || formError === SHIPPING_MESSAGES.shipmentGone;
}
