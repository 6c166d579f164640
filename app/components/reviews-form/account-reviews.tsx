import { Form, Link, useNavigation } from "react-router";
import { Notice } from "~/components/account/field";
import { dateFormat } from "~/components/account/account-overview";
import { REVIEW_STATUS_LABELS, type ReviewStatus } from "~/modules/reviews";
import { StarsShown } from "./stars";

/*
 * Her account's reviews: the delivered pieces still waiting for one, the reviews she wrote with where
 * each stands (and the shop's reason when it hid one, its answer when it replied), and whether the
 * shop may ask her for reviews after a delivery.
 */

export interface WaitingPiece {
  productId: string;
  name: string;
  imageUrl: string | null;
  size: string;
  colour: string;
  orderNumber: string;
  deliveredAt: string;
}

export interface WrittenReview {
  id: string;
  productId: string;
  productName: string;
  imageUrl: string | null;
  /** false when the piece is no longer on sale: her review stays, its page does not */
  onSale: boolean;
  rating: number;
  title: string;
  status: ReviewStatus;
  hiddenReason: string | null;
  reply: string | null;
  createdAt: string;
}

function Thumb({ url }: { url: string | null }) {
  return url ? (
    <img
      src={url}
      alt=""
      width={64}
      height={85}
      loading="lazy"
      className="h-[85px] w-16 shrink-0 bg-sand object-cover"
    />
  ) : (
    <div aria-hidden="true" className="h-[85px] w-16 shrink-0 bg-sand" />
  );
}

export function WaitingForReview({ pieces }: { pieces: WaitingPiece[] }) {
  return (
    <section aria-labelledby="waiting-heading">
      <h2 id="waiting-heading" className="font-display text-3xl text-ink">
        Waiting for your review
      </h2>
      {pieces.length === 0 ? (
        <p className="mt-5 border border-dashed border-linen p-5 text-sm text-stone">
          Nothing waiting: once an order is delivered, its pieces show here.
        </p>
      ) : (
        <ul className="mt-5 divide-y divide-linen border-y border-linen" data-testid="reviews-waiting">
          {pieces.map((p) => (
            <li key={p.productId} className="flex items-center gap-4 py-4">
              <Thumb url={p.imageUrl} />
              <div className="min-w-0 flex-1">
                <p className="text-ink">{p.name}</p>
                <p className="mt-1 text-xs text-stone">
                  Size {p.size} · {p.colour}
                </p>
                <p className="mt-0.5 text-xs text-stone">
                  Order <span className="order-code">{p.orderNumber}</span> · delivered{" "}
                  {dateFormat.format(new Date(p.deliveredAt))}
                </p>
                <Link
                  to={`/product/${p.productId}/review`}
                  className="btn-outline mt-3 !px-4 !py-2 text-xs sm:hidden"
                  aria-label={`Write a review of ${p.name}`}
                >
                  Write a review
                </Link>
              </div>
              <Link
                to={`/product/${p.productId}/review`}
                className="btn-outline hidden shrink-0 !px-4 !py-2 text-xs sm:inline-flex"
                aria-label={`Write a review of ${p.name}`}
              >
                Write a review
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const STATUS_STYLE: Record<ReviewStatus, string> = {
  published: "border-leaf/30 bg-emerald-50 text-leaf",
  pending: "border-gold/40 bg-sand text-gold-deep",
  hidden: "border-sale/30 bg-red-50 text-sale",
};

export function ReviewsWritten({ reviews }: { reviews: WrittenReview[] }) {
  return (
    <section aria-labelledby="written-heading">
      <h2 id="written-heading" className="font-display text-3xl text-ink">
        Your reviews
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-5 border border-dashed border-linen p-5 text-sm text-stone">
          You have not written a review yet.
        </p>
      ) : (
        <ul className="mt-5 divide-y divide-linen border-y border-linen" data-testid="reviews-written">
          {reviews.map((r) => (
            <li key={r.id} className="flex gap-4 py-5">
              <Thumb url={r.imageUrl} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                  <p className="text-sm text-stone">
                    {r.onSale ? (
                      <Link to={`/product/${r.productId}`} className="hover:text-maroon">
                        {r.productName}
                      </Link>
                    ) : (
                      r.productName
                    )}
                  </p>
                  <span
                    className={`border px-2 py-0.5 text-[0.65rem] tracking-[0.14em] uppercase ${STATUS_STYLE[r.status]}`}
                  >
                    {REVIEW_STATUS_LABELS[r.status]}
                  </span>
                </div>
                <StarsShown rating={r.rating} className="mt-2" />
                <p className="mt-1 font-medium break-words text-ink">{r.title}</p>
                <p className="mt-0.5 text-xs text-stone">Written {dateFormat.format(new Date(r.createdAt))}</p>
                {r.status === "hidden" && r.hiddenReason ? (
                  <p className="mt-3 text-sm break-words text-sale">{`Hidden by the shop: ${r.hiddenReason}`}</p>
                ) : null}
                {r.reply ? (
                  <div className="mt-3 border-l-2 border-gold/60 pl-3 text-sm">
                    <p className="eyebrow">The shop replied</p>
                    <p className="mt-1 break-words whitespace-pre-line text-ink">{r.reply}</p>
                  </div>
                ) : null}
                {r.onSale ? (
                  <Link
                    to={`/product/${r.productId}/review`}
                    className="mt-3 inline-block text-xs tracking-[0.16em] text-maroon uppercase underline-offset-4 hover:underline"
                    aria-label={`Edit your review of ${r.productName}`}
                  >
                    Edit
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const REQUESTS_ON = "Saved. We will ask for a review a few days after each delivery.";
export const REQUESTS_OFF = "Saved. We will not ask you for reviews.";

/** 'Ask me to review what I bought': on unless she turned it off; a plain form with its confirmation. */
export function ReviewRequestsToggle({ askMe, message }: { askMe: boolean; message: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "review-requests";
  return (
    <section aria-labelledby="requests-heading" className="border border-linen bg-sand/40 px-5 py-6 sm:px-6">
      <h2 id="requests-heading" className="eyebrow text-ink">
        Review requests
      </h2>
      <Form method="post" className="mt-4" key={String(askMe)}>
        <input type="hidden" name="intent" value="review-requests" />
        <label className="flex cursor-pointer items-start gap-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-4 has-[:focus-visible]:outline-maroon">
          <input
            type="checkbox"
            name="ask"
            value="on"
            defaultChecked={askMe}
            aria-describedby="requests-hint"
            className="mt-0.5 h-5 w-5 shrink-0 accent-maroon focus:outline-none"
          />
          <span>
            <span className="block text-ink">Ask me to review what I bought</span>
            <span id="requests-hint" className="mt-1 block text-xs leading-relaxed text-stone">
              One text and one e-mail a few days after an order arrives, never more than once an order.
            </span>
          </span>
        </label>
        <button type="submit" className="btn-outline mt-5 w-full !py-2.5 text-xs sm:w-auto" disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
      </Form>
      <div className="mt-4" aria-live="polite">
        {message ? <Notice tone="success">{message}</Notice> : null}
      </div>
    </section>
  );
}
