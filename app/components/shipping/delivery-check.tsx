import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { TruckIcon } from "~/components/product/product-icons";
import { DELIVERY_MESSAGES, DELIVERY_PINCODE_KEY } from "~/modules/shipping";
import type { DeliveryResult } from "./delivery-reply";

// The request and its words load on first use (or for a remembered pincode), so the shared product
// page's own script carries only this form.
const loadReply = () => import("./delivery-reply");

function hasRemembered(): boolean {
  try {
    return localStorage.getItem(DELIVERY_PINCODE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * 'Check delivery' on the product page and in the cart (decision 041): a pincode box, a Check button
 * and a polite live region with the answer ('Delivery by Sat, 29 Nov · Cash on delivery available').
 * The server renders the empty form only, the same for every shopper (the product page is a shared,
 * cached page); the browser asks /api/delivery after load, remembers the pincode in localStorage and
 * checks a remembered one by itself on the next page. The box is uncontrolled, so nothing typed
 * before the script runs is lost or overwritten.
 */
export function DeliveryCheck({ className = "" }: { className?: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const asking = useRef<AbortController | null>(null);
  const [result, setResult] = useState<DeliveryResult | null>(null);
  const [checking, setChecking] = useState<string | null>(null);

  // the latest question wins: an earlier one still on its way is dropped
  const ask = (raw: string) => {
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    const show = (answered: DeliveryResult) => {
      if (controller.signal.aborted) return;
      setChecking(null);
      setResult(answered);
    };
    loadReply()
      .then((reply) => {
        const asked = reply.pincodeOf(raw);
        if ("kind" in asked) return show(asked);
        setChecking(asked.pincode);
        return reply.askDelivery(asked.pincode, controller.signal).then((answered) => {
          if (answered.kind === "answer") reply.rememberPincode(asked.pincode);
          show(answered);
        });
      })
      .catch(() => show({ kind: "error", pincode: raw, line: DELIVERY_MESSAGES.failed }));
  };

  const checkRemembered = useEffectEvent(async () => {
    if (!hasRemembered()) return;
    const pincode = (await loadReply()).rememberedPincode();
    const input = field.current;
    if (pincode === null || input === null || input.value !== "") return;
    input.value = pincode;
    ask(pincode);
  });
  useEffect(() => void checkRemembered().catch(() => undefined), []);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    ask(field.current?.value ?? "");
  };

  const answerId = `${id}-answer`;
  const invalid = checking === null && result?.kind === "error";
  const notServed = result?.kind === "answer" && !result.answer.serviceable;
  const line = checking ? `Checking delivery to ${checking}...` : (result?.line ?? "");
  const tone = checking ? "text-stone" : invalid ? "text-sale" : notServed ? "text-maroon" : "text-ink/85";
  return (
    <form noValidate onSubmit={onSubmit} className={className} data-testid="delivery-check">
      <label htmlFor={id} className="eyebrow mb-3 block !text-ink">
        Check delivery
      </label>
      <div
        className={`flex items-stretch border bg-ivory transition-colors focus-within:border-ink ${invalid ? "border-sale" : "border-linen"}`}
      >
        <span className="flex items-center pl-3 text-maroon" aria-hidden="true">
          <TruckIcon className="h-5 w-5" />
        </span>
        <input
          ref={field}
          id={id}
          name="pincode"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Enter pincode"
          aria-describedby={answerId}
          aria-invalid={invalid || undefined}
          onChange={() => (result ? setResult(null) : undefined)}
          className="min-w-0 flex-1 bg-transparent px-3 py-3 text-sm tracking-[0.08em] text-ink outline-none placeholder:tracking-normal placeholder:text-stone/70"
        />
        <button
          type="submit"
          className="border-l border-linen px-5 text-xs font-medium tracking-[0.22em] text-ink uppercase transition-colors hover:bg-sand hover:text-maroon focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
        >
          Check
        </button>
      </div>
      <p id={answerId} role="status" aria-live="polite" className={`mt-2.5 min-h-5 text-sm ${tone}`}>
        <AnswerLine line={line} />
      </p>
    </form>
  );
}

/** 'Delivery by Sat, 29 Nov · Cash on delivery available': the date first, in ink; the rest as said. */
function AnswerLine({ line }: { line: string }) {
  const [first, ...rest] = line.split(" · ");
  if (rest.length === 0) return line;
  return (
    <>
      <span className="font-medium text-ink">{first}</span>
      {rest.map((part) => ` · ${part}`).join("")}
    </>
  );
}
