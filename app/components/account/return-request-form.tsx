import type { FormWithPhotos } from "~/lib/forms";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PhotoPicker } from "~/components/shopper/photo-picker";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  RETURN_REASONS,
  resolutionsFor,
  type ReturnPolicy,
  type ReturnResolution,
  type ReturnWindows,
} from "~/modules/returns";
import type { ReturnOfferLine } from "~/modules/returns/index.server";
import { Notice } from "./field";
import { RefundDestination, type DestinationValues } from "./refund-destination";
import { DetailsField, ReasonChoice, ResolutionChoice } from "./return-choices";
import { ExchangeChoices, ReturnPieces } from "./return-pieces";

/*
 * The return or exchange request (decision 042), in the order the shopper decides: the pieces, why,
 * what she would like instead (exchange, store credit, refund, each refused with its reason when the
 * reason or the windows do not allow it), the size wanted for an exchange, where a cash-on-delivery
 * refund goes, and her words and photos. It posts as a plain form; with JavaScript the choices follow
 * her answers as she gives them. The server checks everything again.
 */

/** What she sent, put back in the form after a refusal. */
export type ReturnFormValues = FormWithPhotos;

export interface ReturnFormAnswer {
  message: string;
  fieldErrors: Record<string, string>;
  values: ReturnFormValues;
}

export interface ReturnFormPage {
  orderNumber: string;
  windows: ReturnWindows;
  policy: ReturnPolicy;
  lines: ReturnOfferLine[];
  needsDestination: boolean;
}

const shortDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });

/** 'Exchange until 12 Dec · Returns until 4 Dec' (India's dates), or which of them has closed. */
export function windowsLine(windows: ReturnWindows): string {
  const exchange = `${windows.exchangeOpen ? "Exchange until" : "Exchanges closed on"} ${shortDate.format(new Date(windows.exchangeUntil))}`;
  const returns = `${windows.returnOpen ? "Returns until" : "Returns closed on"} ${shortDate.format(new Date(windows.returnUntil))}`;
  return `${exchange} · ${returns}`;
}

const DESTINATION_FIELDS = [
  "refundKind",
  "upiId",
  "accountName",
  "accountNumber",
  "accountNumberAgain",
  "ifsc",
] as const;

/** What she typed before a refused post (the form starts from it), or an empty form. */
function useTyped(page: ReturnFormPage, answer: ReturnFormAnswer | null) {
  const [typed] = useState(() => {
    const fields = answer?.values.fields ?? {};
    const perLine = <T,>(read: (lineId: string) => T) =>
      Object.fromEntries(page.lines.map((l) => [l.orderLineId, read(l.orderLineId)])) as Record<string, T>;
    return {
      quantities: perLine((id) => Number(fields[`qty:${id}`]) || 0),
      exchange: perLine((id) => fields[`exchange:${id}`] ?? ""),
      reason: fields.reason ?? "",
      resolution: fields.resolution ?? "",
      destination: Object.fromEntries(
        DESTINATION_FIELDS.map((f) => [f, fields[f] ?? ""]),
      ) as unknown as DestinationValues,
      details: fields.details ?? "",
      photos: answer?.values.photos ?? [],
    };
  });
  return typed;
}

export function ReturnRequestForm({
  page,
  answer,
  orderPath,
}: {
  page: ReturnFormPage;
  answer: ReturnFormAnswer | null;
  orderPath: string;
}) {
  const hydrated = useHydrated();
  const errors = answer?.fieldErrors ?? {};
  const typed = useTyped(page, answer);
  const [quantities, setQuantities] = useState(typed.quantities);
  const [reason, setReason] = useState(typed.reason);
  const [resolution, setResolution] = useState(typed.resolution);
  const [exchange, setExchange] = useState(typed.exchange);
  const [destination, setDestination] = useState(typed.destination);
  const [details, setDetails] = useState(typed.details);
  const [photos, setPhotos] = useState(typed.photos);
  const [uploading, setUploading] = useState(false);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const summary = useRef<HTMLDivElement>(null);

  // a refused request: the message is read out and brought into view
  useEffect(() => {
    if (answer) summary.current?.focus();
  }, [answer]);

  const reasonValue = RETURN_REASONS.find((r) => r.value === reason)?.value ?? null;
  // Without JavaScript the choices cannot follow the reason: offer what some reason allows, and the
  // server says if this one does not.
  const allowed = resolutionsFor(hydrated ? reasonValue : "damaged", page.windows, page.policy);
  const chooseReason = (value: string) => {
    setReason(value);
    const next = resolutionsFor(
      RETURN_REASONS.find((r) => r.value === value)?.value ?? null,
      page.windows,
      page.policy,
    );
    if (resolution && !next.includes(resolution as ReturnResolution)) setResolution("");
  };

  const returnable = page.lines.filter((l) => l.returnable > 0);
  const exchangeLines = hydrated ? returnable.filter((l) => (quantities[l.orderLineId] ?? 0) > 0) : returnable;
  const showExchange = page.windows.exchangeOpen && (hydrated ? resolution === "exchange" : true);
  const showDestination = page.needsDestination && (hydrated ? resolution === "refund" : true);

  return (
    <Form method="post" className="mt-10 grid gap-12 lg:grid-cols-[1.6fr_1fr] lg:gap-16" noValidate>
      <div className="min-w-0 space-y-12">
        {answer ? (
          <div ref={summary} tabIndex={-1} className="focus:outline-none">
            <Notice tone="error">{answer.message}</Notice>
          </div>
        ) : null}

        <ReturnPieces
          lines={page.lines}
          quantities={quantities}
          errors={errors}
          onQuantity={(id, n) => setQuantities((q) => ({ ...q, [id]: n }))}
        />

        <ReasonChoice reason={reason} error={errors.reason} onChoose={chooseReason} />

        <ResolutionChoice
          resolution={resolution}
          allowed={allowed}
          windows={page.windows}
          policy={page.policy}
          error={errors.resolution}
          withoutScript={!hydrated}
          onChoose={setResolution}
        />

        {showExchange && exchangeLines.length > 0 ? (
          <ExchangeChoices
            lines={exchangeLines}
            chosen={exchange}
            errors={errors}
            onChoose={(id, variant) => setExchange((e) => ({ ...e, [id]: variant }))}
            withoutScript={!hydrated}
          />
        ) : null}

        {showDestination ? (
          <RefundDestination
            values={destination}
            errors={errors}
            onChange={(name, value) => setDestination((d) => ({ ...d, [name]: value }))}
            withoutScript={!hydrated}
          />
        ) : null}

        <section aria-labelledby="details-heading" className="space-y-8">
          <h2 id="details-heading" className="font-display text-2xl text-ink">
            Anything we should know?
          </h2>
          <DetailsField value={details} error={errors.details} onChange={setDetails} />
          <PhotoPicker
            photos={photos}
            onPhotos={(update) => setPhotos(update)}
            onBusy={setUploading}
            error={errors.photos}
            withoutScript={!hydrated}
            advice="For a damaged piece, show the damage and the label."
            withoutScriptNote="You can send the request without them; we will ask if we need to see the pieces."
          />
        </section>

        <SendBar orderPath={orderPath} sending={sending} uploading={uploading} />
      </div>

      <HowItWorks policy={page.policy} />
    </Form>
  );
}

function SendBar({ orderPath, sending, uploading }: { orderPath: string; sending: boolean; uploading: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-4 border-t border-linen pt-8 sm:flex-row sm:items-center sm:justify-between">
      <Link to={orderPath} className="text-xs tracking-[0.16em] text-stone uppercase hover:text-ink">
        Back to the order
      </Link>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending || uploading}>
        {sending ? "Sending…" : uploading ? "Adding photos…" : "Send request"}
      </button>
    </div>
  );
}

function HowItWorks({ policy }: { policy: ReturnPolicy }) {
  const steps = [
    ["We reply", "within one working day, by text and e-mail."],
    ["A courier collects", "the pieces from your address. Keep their tags on."],
    ["We check them", "and send your exchange, or your store credit or refund."],
  ] as const;
  return (
    <aside aria-labelledby="how-heading">
      <div className="border border-linen bg-sand/40 px-5 py-6 sm:px-6 lg:sticky lg:top-28">
        <h2 id="how-heading" className="eyebrow text-ink">
          How it works
        </h2>
        <ol className="mt-4 space-y-4">
          {steps.map(([title, text], i) => (
            <li key={title} className="flex gap-3 text-sm">
              <span className="font-display text-xl leading-none text-maroon" aria-hidden="true">
                {i + 1}
              </span>
              <span className="text-stone">
                <span className="text-ink">{title}</span> {text}
              </span>
            </li>
          ))}
        </ol>
        <p className="mt-5 border-t border-linen pt-4 text-xs leading-relaxed text-stone">
          Exchanges within {policy.exchangeWindowDays} days of delivery, returns within {policy.returnWindowDays}.{" "}
          <Link to="/return-policy" className="underline underline-offset-4 hover:text-ink">
            Return policy
          </Link>
        </p>
      </div>
    </aside>
  );
}
