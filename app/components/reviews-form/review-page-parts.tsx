import { Link } from "react-router";
import { Notice } from "~/components/account/field";
import type { ReviewStatus } from "~/modules/reviews";
import { StarsShown } from "./stars";

/* The review page around its form: the piece she bought, her review's state, and the word after a save. */

export function ReviewPiece({
  product,
  purchase,
}: {
  product: { id: string; name: string; brand: string; image: { url: string; width: number; height: number } | null };
  purchase: { size: string; colour: string; orderNumber: string };
}) {
  return (
    <aside aria-labelledby="piece-heading" className="order-first lg:order-none">
      <div className="flex gap-4 border border-linen bg-sand/40 p-4 sm:p-5 lg:sticky lg:top-28 lg:block">
        {product.image ? (
          <img
            src={product.image.url}
            alt=""
            width={product.image.width}
            height={product.image.height}
            className="aspect-[3/4] w-20 shrink-0 bg-sand object-cover sm:w-24 lg:w-full"
          />
        ) : (
          <div aria-hidden="true" className="aspect-[3/4] w-20 shrink-0 bg-sand sm:w-24 lg:w-full" />
        )}
        <div className="min-w-0 lg:mt-5">
          <p className="eyebrow">{product.brand}</p>
          <h2 id="piece-heading" className="mt-1 font-display text-xl leading-snug text-ink">
            <Link to={`/product/${product.id}`} className="hover:text-maroon">
              {product.name}
            </Link>
          </h2>
          <p className="mt-2 text-sm text-stone">
            Size {purchase.size} · {purchase.colour}
          </p>
          <p className="mt-1 text-xs text-stone">
            Order <span className="order-code">{purchase.orderNumber}</span>
          </p>
          <p className="mt-3 inline-flex items-center gap-1.5 text-xs tracking-[0.14em] text-leaf uppercase">
            <span aria-hidden="true">✓</span> Verified buyer
          </p>
        </div>
      </div>
    </aside>
  );
}

/** Where her review stands when she comes back to it: hidden by the shop (and why), or waiting. */
export function ReviewStateNote({ review }: { review: { status: ReviewStatus; hiddenReason: string | null } }) {
  if (review.status === "hidden")
    return (
      <div data-testid="review-hidden" className="border border-sale/30 bg-red-50 px-4 py-3 text-sm text-sale">
        <p>{`Hidden by the shop: ${review.hiddenReason ?? "no reason given"}`}</p>
        <p className="mt-1 text-ink">Editing it sends it back to the shop to read before it shows again.</p>
      </div>
    );
  if (review.status === "pending")
    return <Notice tone="info">Waiting for approval: the shop reads each review before it shows.</Notice>;
  return null;
}

/** After a save: the shop's word for it, and where to go next. */
export function ReviewSaved({
  message,
  productId,
  review,
}: {
  message: string;
  productId: string;
  review: { status: ReviewStatus; rating: number; title: string; sizeBought: string; colourBought: string };
}) {
  const status = review.status;
  return (
    <div className="mt-10 max-w-xl" data-testid="review-saved">
      <Notice tone="success">{message}</Notice>
      <div className="mt-6 border-l-2 border-gold/60 pl-4">
        <StarsShown rating={review.rating} />
        <p className="mt-1 font-medium break-words text-ink">{review.title}</p>
        <p className="mt-0.5 text-xs text-stone">{`Size ${review.sizeBought} · ${review.colourBought}`}</p>
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link to={`/product/${productId}${status === "published" ? "#reviews" : ""}`} className="btn-primary">
          {status === "published" ? "See it on the piece’s page" : "Back to the piece"}
        </Link>
        <Link to="/account/reviews" className="btn-outline">
          Your reviews
        </Link>
      </div>
      <p className="mt-6 text-sm text-stone">
        <Link
          to={`/product/${productId}/review`}
          className="underline underline-offset-4 hover:text-ink"
          data-testid="edit-again"
        >
          Edit your review
        </Link>
      </p>
    </div>
  );
}
