import { useRevalidator } from "react-router";
import { DASHBOARD_ERROR } from "./messages";

/** What the dashboard shows when a query failed: its error message and a way to try again. */
export function DashboardError() {
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  return (
    <div className="mx-auto max-w-xl py-10 text-center sm:py-16">
      <p className="eyebrow">Back office</p>
      <h1 className="mt-2 font-display text-4xl text-ink">Dashboard</h1>
      <div className="mt-8 border border-linen bg-ivory px-6 py-10 sm:px-10">
        <p role="alert" className="font-display text-2xl text-sale">
          {DASHBOARD_ERROR}
        </p>
        <p className="mt-3 text-sm text-stone">
          The shop&apos;s figures could not be read just now. Your data is safe; try again in a moment.
        </p>
        <button
          type="button"
          className="btn-primary mt-7"
          onClick={() => void revalidator.revalidate()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? "Retrying…" : "Retry"}
        </button>
      </div>
    </div>
  );
}
