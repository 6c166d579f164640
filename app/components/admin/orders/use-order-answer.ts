import { useEffect, useRef } from "react";
import { useToast } from "~/components/admin/toast";
import type { OrderActionAnswer } from "~/modules/orders";

/**
 * Shows an order action's answer once as toasts: the change's message, then the refund's
 * state when the change asked for one. Refusals are shown by the form too; the toast repeats them.
 */
export function useOrderAnswerToasts(
  answer: OrderActionAnswer | undefined,
  onDone?: (answer: OrderActionAnswer) => void,
  options: { skipInitial?: boolean } = {},
) {
  const toast = useToast();
  // a keyed fetcher keeps its last answer across pages: a component mounted later does not repeat it
  const handled = useRef<OrderActionAnswer | undefined>(options.skipInitial ? answer : undefined);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      const refundOnly = answer.refund && (answer.intent === "refund-payment" || answer.intent === "retry-refund");
      if (!refundOnly) toast(answer.message);
      if (answer.refund) toast(answer.refund.message, answer.refund.tone);
    } else {
      toast(answer.formError, "error");
    }
    done.current?.(answer);
  }, [answer, toast]);
}
