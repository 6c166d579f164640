import { useId, useState } from "react";
import { Link } from "react-router";
import { REVIEW_LIMITS } from "~/modules/reviews";
import type { ReviewActionAnswer } from "./types";

type Said = { text: string; signIn: boolean; ok: boolean };

/** Posts 'Helpful' or 'Report' to POST /api/reviews/:id; a network failure reads as an answer too. */
async function send(reviewId: string, fields: Record<string, string>) {
  try {
    const response = await fetch(`/api/reviews/${reviewId}`, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    const answer = (await response.json()) as ReviewActionAnswer;
    return { status: response.status, answer };
  } catch {
    return {
      status: 0,
      answer: { ok: false, message: "We could not reach the shop. Please check your connection and try again." },
    };
  }
}

/**
 * Under a review: 'Helpful (n)' and a small 'Report' with a short reason. The shop's answer is shown
 * beside them; a signed-out visitor is asked to sign in and brought back to the reviews.
 */
export function ReviewFeedback({
  reviewId,
  helpfulCount,
  signInTo,
  onHelpful,
}: {
  reviewId: string;
  helpfulCount: number;
  /** where the sign-in brings her back to */
  signInTo: string;
  onHelpful: (count: number) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const [voted, setVoted] = useState(false);
  const [reported, setReported] = useState(false);
  const reasonId = useId();

  const press = async (fields: Record<string, string>) => {
    setBusy(true);
    const { status, answer } = await send(reviewId, fields);
    setBusy(false);
    if (typeof answer.helpfulCount === "number") onHelpful(answer.helpfulCount);
    if (fields.intent === "helpful" && (answer.ok || status === 409)) setVoted(true);
    if (fields.intent === "report" && (answer.ok || status === 409)) {
      setReporting(false);
      setReported(true);
    }
    setSaid({ text: answer.message, signIn: status === 401, ok: answer.ok });
  };

  return (
    <div className="mt-5">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-xs">
        <button
          type="button"
          disabled={busy}
          onClick={() => void press({ intent: "helpful" })}
          className={`inline-flex items-center gap-1.5 border px-3 py-1.5 tracking-[0.12em] text-ink uppercase transition-colors hover:border-ink disabled:opacity-60 ${voted ? "border-ink bg-sand" : "border-linen"}`}
        >
          Helpful <span className="tabular-nums">({helpfulCount})</span>
        </button>
        {reported ? (
          <span className="text-stone">Reported</span>
        ) : reporting ? null : (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setReporting(true);
              setSaid(null);
            }}
            className="py-1.5 text-stone underline-offset-4 hover:text-ink hover:underline disabled:opacity-60"
          >
            Report
          </button>
        )}
      </div>
      {reporting ? (
        <form
          className="mt-4 max-w-lg"
          onSubmit={(e) => {
            e.preventDefault();
            const reason = new FormData(e.currentTarget).get("reason");
            void press({ intent: "report", reason: typeof reason === "string" ? reason : "" });
          }}
        >
          <label htmlFor={reasonId} className="block text-xs text-stone">
            What is wrong with this review? (optional)
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <input
              id={reasonId}
              name="reason"
              maxLength={REVIEW_LIMITS.reasonMax}
              autoFocus
              className="min-w-0 flex-1 border border-linen bg-ivory px-3 py-2 text-sm text-ink focus:border-ink"
            />
            <div className="flex gap-2">
              <button type="submit" disabled={busy} className="btn-primary flex-1 !px-4 !py-2.5 sm:flex-none">
                Send report
              </button>
              <button
                type="button"
                onClick={() => setReporting(false)}
                className="btn-outline flex-1 !px-4 !py-2.5 sm:flex-none"
              >
                Cancel
              </button>
            </div>
          </div>
        </form>
      ) : null}
      <p role="status" className={`text-xs ${said ? "mt-3" : ""} ${said?.ok ? "text-leaf" : "text-ink/80"}`}>
        {said?.text}
        {said?.signIn ? (
          <>
            {" "}
            <Link
              to={`/login?redirectTo=${encodeURIComponent(signInTo)}`}
              className="text-ink underline underline-offset-4"
            >
              Sign in
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
