import { useId, useState } from "react";
import type { StaffReturnView } from "~/modules/returns/index.server";
import { InspectionPhotos } from "./inspection-photos";
import { LABEL, control } from "./return-format";
import { ActionError, useReturnAction } from "./use-return-action";

/*
 * The parcel arrived: how many of each piece are accepted (all by default) and, for any not
 * accepted, why (the shopper reads it). Accepted pieces go back to stock as this is saved; rejected
 * ones are neither restocked nor credited, and their exchange pieces go back on sale.
 */

type Line = StaffReturnView["lines"][number];

function PieceInspection({
  line,
  formId,
  errors,
}: {
  line: Line;
  formId: string;
  errors: { accepted?: string; note?: string };
}) {
  const [accepted, setAccepted] = useState(String(line.quantity));
  const count = Number(accepted);
  const rejecting = accepted !== "" && Number.isInteger(count) && count < line.quantity;
  const acceptedId = `${formId}-accepted-${line.id}`;
  const noteId = `${formId}-note-${line.id}`;
  return (
    <fieldset className="border border-linen bg-white p-3" data-testid="inspection-piece">
      {/* floated, so the name sits inside the box and wraps like text instead of cutting its border */}
      <legend className="float-left mb-3 w-full text-sm font-medium text-ink">
        {line.name}{" "}
        <span className="font-normal text-stone">
          · {line.size} · {line.colour} · {line.quantity} sent back
        </span>
      </legend>
      <div className="clear-both grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)] lg:grid-cols-1 xl:grid-cols-[8rem_minmax(0,1fr)]">
        <div>
          <label htmlFor={acceptedId} className={LABEL}>
            Accepted (of {line.quantity})
          </label>
          <input
            id={acceptedId}
            name={`accepted:${line.id}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={line.quantity}
            step={1}
            value={accepted}
            onChange={(e) => setAccepted(e.currentTarget.value)}
            aria-invalid={errors.accepted ? true : undefined}
            aria-describedby={errors.accepted ? `${acceptedId}-error` : undefined}
            className={`${control(errors.accepted)} tabular-nums`}
          />
          {errors.accepted ? (
            <p id={`${acceptedId}-error`} className="mt-1 text-sm text-sale">
              {errors.accepted}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={noteId} className={LABEL}>
            {rejecting ? "Why not accepted" : "Note (optional)"}
            {rejecting ? (
              <span className="text-maroon" aria-hidden="true">
                {" "}
                *
              </span>
            ) : null}
          </label>
          <textarea
            id={noteId}
            name={`note:${line.id}`}
            rows={2}
            maxLength={500}
            aria-required={rejecting || undefined}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${noteId}-error` : rejecting ? `${noteId}-hint` : undefined}
            className={control(errors.note)}
          />
          {rejecting && !errors.note ? (
            <p id={`${noteId}-hint`} className="mt-1 text-xs text-stone">
              The shopper reads this. Pieces not accepted are not restocked or credited.
            </p>
          ) : null}
          {errors.note ? (
            <p id={`${noteId}-error`} className="mt-1 text-sm text-sale">
              {errors.note}
            </p>
          ) : null}
        </div>
        <InspectionPhotos lineId={line.id} pieceName={line.name} />
      </div>
    </fieldset>
  );
}

export function InspectionForm({ view }: { view: StaffReturnView }) {
  const formId = useId();
  const { fetcher, busy, failed, fieldError } = useReturnAction();
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-3"
      aria-label="Receive and inspect"
      data-testid="receive-form"
    >
      <input type="hidden" name="intent" value="receive" />
      <input type="hidden" name="version" value={view.request.version} />
      <p className="text-sm text-stone">
        Check each piece. Accepted pieces go back to stock now; say why any were not accepted.
      </p>
      {view.lines.map((line) => (
        <PieceInspection
          key={line.id}
          line={line}
          formId={formId}
          errors={{ accepted: fieldError(`accepted:${line.id}`), note: fieldError(`note:${line.id}`) }}
        />
      ))}
      <ActionError failed={failed} />
      <button type="submit" disabled={busy} className="btn-primary w-full !py-3 disabled:opacity-50">
        {busy ? "Saving..." : "Mark received"}
      </button>
    </fetcher.Form>
  );
}
