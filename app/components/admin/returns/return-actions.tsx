import { useId } from "react";
import type { StaffReturnView } from "~/modules/returns/index.server";
import { InspectionForm } from "./return-inspection";
import { ResolveForm } from "./return-resolve";
import { ActionError, TextField, useReturnAction } from "./use-return-action";

/*
 * The next step for the return's status, each a form that posts its intent with the version of the
 * return the page shows: approve or decline a request; book the pickup (through the courier service,
 * or by hand with the courier's AWB); mark it picked up; receive and inspect each piece; resolve it.
 */

type View = StaffReturnView;

/** Where pickups are booked: 'manual' when the shop books them with its courier by hand. */
export type PickupBy = string;

function Hidden({ intent, version }: { intent: string; version: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
    </>
  );
}

function Approve({ version }: { version: number }) {
  const { fetcher, busy, failed } = useReturnAction();
  return (
    <fetcher.Form method="post" className="space-y-3" aria-label="Approve the return" data-testid="approve-form">
      <Hidden intent="approve" version={version} />
      <p className="text-sm text-stone">
        The shopper is told it is approved. Book the pickup next; the pieces go back to stock only when you accept them
        on arrival.
      </p>
      <ActionError failed={failed} />
      <button type="submit" disabled={busy} className="btn-primary w-full !py-3 disabled:opacity-50">
        {busy ? "Approving..." : "Approve return"}
      </button>
    </fetcher.Form>
  );
}

function Decline({ version, open }: { version: number; open?: boolean }) {
  const id = useId();
  const { fetcher, busy, failed, fieldError } = useReturnAction();
  const form = (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-3"
      aria-label="Decline the return"
      data-testid="decline-form"
    >
      <Hidden intent="decline" version={version} />
      <TextField
        id={`${id}-reason`}
        name="reason"
        label="Why it is declined"
        required
        multiline
        maxLength={500}
        error={fieldError("reason")}
        hint="The shopper reads this. Any exchange pieces held for the return go back on sale."
      />
      <ActionError failed={failed} />
      <button
        type="submit"
        disabled={busy}
        className="btn-outline w-full !border-sale !py-3 !text-sale hover:!bg-sale hover:!text-white disabled:opacity-50"
      >
        {busy ? "Declining..." : "Decline return"}
      </button>
    </fetcher.Form>
  );
  if (open) return form;
  return (
    <details className="group border-t border-linen pt-4" open={Boolean(failed)}>
      <summary className="cursor-pointer text-xs font-medium tracking-[0.18em] text-stone uppercase hover:text-ink">
        Decline this return
      </summary>
      <div className="mt-3">{form}</div>
    </details>
  );
}

/** The pickup by hand: the courier and the AWB staff booked it under. */
function ManualPickup({ version, note }: { version: number; note?: string }) {
  const id = useId();
  const { fetcher, busy, failed, fieldError } = useReturnAction();
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-3"
      aria-label="Pickup booked by hand"
      data-testid="manual-pickup-form"
    >
      <Hidden intent="manual-pickup" version={version} />
      {note ? <p className="text-sm text-stone">{note}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <TextField
          id={`${id}-courier`}
          name="courier"
          label="Courier"
          required
          maxLength={100}
          error={fieldError("courier")}
        />
        <TextField
          id={`${id}-awb`}
          name="awb"
          label="AWB (tracking number)"
          required
          mono
          maxLength={60}
          error={fieldError("awb")}
        />
      </div>
      <ActionError failed={failed} />
      <button type="submit" disabled={busy} className="btn-primary w-full !py-3 disabled:opacity-50">
        {busy ? "Saving..." : "Save pickup"}
      </button>
    </fetcher.Form>
  );
}

function BookPickup({ version, pickupBy }: { version: number; pickupBy: PickupBy }) {
  const { fetcher, busy, failed } = useReturnAction();
  const manual = pickupBy === "manual";
  const failedBooking = failed?.manualPickup ? failed.formError : null;
  return (
    <div className="space-y-4">
      {!manual ? (
        <fetcher.Form method="post" className="space-y-3" aria-label="Book the pickup" data-testid="book-pickup-form">
          <Hidden intent="book-pickup" version={version} />
          <p className="text-sm text-stone">
            The courier collects the pieces from the shopper&apos;s address and brings them to the shop.
          </p>
          {failed && !failedBooking ? <ActionError failed={failed} /> : null}
          {failedBooking ? (
            <p role="alert" className="border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
              {failedBooking}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className="btn-primary w-full !py-3 disabled:opacity-50">
            {busy ? "Booking..." : "Book pickup"}
          </button>
        </fetcher.Form>
      ) : null}
      {manual || failedBooking ? (
        <ManualPickup
          version={version}
          note={
            manual
              ? "Returns are collected by hand: book the pickup with your courier and enter its AWB."
              : "Or book it with your courier by hand and enter its AWB:"
          }
        />
      ) : (
        <details className="border-t border-linen pt-4">
          <summary className="cursor-pointer text-xs font-medium tracking-[0.18em] text-stone uppercase hover:text-ink">
            Booked it by hand?
          </summary>
          <div className="mt-3">
            <ManualPickup version={version} />
          </div>
        </details>
      )}
    </div>
  );
}

function PickedUp({ version }: { version: number }) {
  const { fetcher, busy, failed } = useReturnAction();
  return (
    <fetcher.Form method="post" className="space-y-3" aria-label="Mark picked up" data-testid="picked-up-form">
      <Hidden intent="picked-up" version={version} />
      <ActionError failed={failed} />
      <button type="submit" disabled={busy} className="btn-primary w-full !py-3 disabled:opacity-50">
        {busy ? "Saving..." : "Mark picked up"}
      </button>
    </fetcher.Form>
  );
}

/** The return's next step for its status; nothing once it is closed. */
export function NextStep({ view, pickupBy }: { view: View; pickupBy: PickupBy }) {
  const { request } = view;
  const version = request.version;
  switch (request.status) {
    case "requested":
      return (
        <div className="space-y-5" data-testid="next-step">
          <Approve version={version} />
          <Decline version={version} />
        </div>
      );
    case "approved":
      return (
        <div className="space-y-5" data-testid="next-step">
          <BookPickup version={version} pickupBy={pickupBy} />
          <Decline version={version} />
        </div>
      );
    case "pickup_scheduled":
      return (
        <div className="space-y-5" data-testid="next-step">
          <PickedUp version={version} />
          <details className="border-t border-linen pt-4">
            <summary className="cursor-pointer text-xs font-medium tracking-[0.18em] text-stone uppercase hover:text-ink">
              Parcel already here? Receive and inspect
            </summary>
            <div className="mt-3">
              <InspectionForm view={view} />
            </div>
          </details>
          <Decline version={version} />
        </div>
      );
    case "picked_up":
      return (
        <div data-testid="next-step">
          <InspectionForm view={view} />
        </div>
      );
    case "received":
      return (
        <div data-testid="next-step">
          <ResolveForm view={view} />
        </div>
      );
    default:
      return null;
  }
}
