import { data, Link, redirect } from "react-router";
import { AccountBreadcrumb } from "~/components/account/account-breadcrumb";
import { ReviewForm, type ReviewFormAnswer } from "~/components/reviews-form/review-form";
import { ReviewPiece, ReviewSaved, ReviewStateNote } from "~/components/reviews-form/review-page-parts";
import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { clientAddress, invariantResponse, readFormData } from "~/lib/http.server";
import { requireUser } from "~/modules/accounts/index.server";
import { getProduct } from "~/modules/catalog/index.server";
import { cachedStoreSettings } from "~/modules/content/index.server";
import { ATTEMPT_RULES } from "~/modules/limits";
import { checkAttempt, tryAgainIn } from "~/modules/limits/index.server";
import { readReviewForm, REVIEW_MESSAGES } from "~/modules/reviews";
import { reviewEligibility, saveReview } from "~/modules/reviews/index.server";
import { typedWithPhotos } from "~/lib/forms";
import type { Route } from "./+types/product.review";

/*
 * A verified buyer's review of one product (decision 043): the form when she has a delivered piece of
 * it, her own review to edit when she wrote one, and a plain explanation otherwise. The form posts
 * plainly; the action checks the limits, the fields and (in the save's transaction) that she bought
 * it, and answers what was wrong with all she typed kept. A saved review comes back to this page with
 * the shop's word for it.
 */

/** Her own page: never kept by a shared cache; a refusal for too many reviews says when to come back. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return { ...PRIVATE_NO_STORE_HEADERS, ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
};

export function meta({ data: page }: Route.MetaArgs) {
  return [
    { title: page ? `Review · ${page.product.name} · Saanjh` : "Product not found · Saanjh" },
    { name: "robots", content: "noindex" },
  ];
}

const SAVED = ["new", "updated"] as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const product = await getProduct(db, params.id);
  invariantResponse(product, "Product not found", 404);
  const [eligibility, settings] = await Promise.all([
    reviewEligibility(db, user.id, product.id),
    cachedStoreSettings(db),
  ]);
  const { purchase, review } = eligibility;
  const saved = SAVED.find((s) => s === new URL(request.url).searchParams.get("saved"));
  const image = product.images[0];
  return {
    product: {
      id: product.id,
      name: product.name,
      brand: product.brand,
      image: image ? { url: image.url, width: image.width, height: image.height } : null,
    },
    purchase: purchase && { size: purchase.size, colour: purchase.colour, orderNumber: purchase.orderNumber },
    review,
    needsApproval: settings.reviewsNeedApproval,
    /** the word after a save, from the review as it now is */
    savedMessage: saved && review ? savedMessageOf(saved, review.status) : null,
  };
}

function savedMessageOf(saved: (typeof SAVED)[number], status: "pending" | "published" | "hidden"): string {
  if (status !== "published") return REVIEW_MESSAGES.savedPending;
  return saved === "new" ? REVIEW_MESSAGES.saved : REVIEW_MESSAGES.updated;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const form = await readFormData(request);
  const values = typedWithPhotos(form);
  const refuse = (
    status: number,
    message: string,
    fieldErrors: Record<string, string> = {},
    keep = values,
    headers: Record<string, string> = {},
  ) =>
    data<ReviewFormAnswer>(
      { message, fieldErrors, values: keep },
      { status, headers: { ...PRIVATE_NO_STORE_HEADERS, ...headers } },
    );

  const product = await getProduct(db, params.id);
  invariantResponse(product, "Product not found", 404);

  // the fit is asked only of a piece bought in a size: her purchase says which
  const { purchase } = await reviewEligibility(db, user.id, product.id);
  const read = readReviewForm({ ...values.fields, photos: values.photos }, purchase?.size);
  if (!read.ok) return refuse(422, "Please check what is marked below.", read.fieldErrors as Record<string, string>);

  // per shopper, and per network so that many new accounts on one connection cannot flood a product
  for (const [rule, key, message] of [
    [ATTEMPT_RULES.reviewsPerUser, user.id, REVIEW_MESSAGES.tooMany],
    [ATTEMPT_RULES.reviewsPerAddress, clientAddress(request) ?? "unknown", REVIEW_MESSAGES.tooManyFromNetwork],
  ] as const) {
    const limit = await checkAttempt(db, { ...rule, key });
    if (!limit.allowed)
      return refuse(429, `${message} ${tryAgainIn(limit.retryAfterSeconds)}`, {}, values, {
        "Retry-After": String(limit.retryAfterSeconds),
      });
  }

  const version = Number(values.fields.version);
  const saved = await saveReview(db, {
    userId: user.id,
    userName: user.name,
    productId: product.id,
    input: read.data,
    expectedVersion: values.fields.version && Number.isInteger(version) ? version : undefined,
  });
  if (!saved.ok) {
    // a photo that could not be attached is taken out of the form; the ones already on her review stay
    let keep = values;
    if (saved.fieldErrors?.photos) {
      const attached = new Set((await reviewEligibility(db, user.id, product.id)).review?.photos ?? []);
      keep = { ...values, photos: values.photos.filter((p) => attached.has(p)) };
    }
    return refuse(saved.status, saved.message, saved.fieldErrors ?? {}, keep);
  }
  throw redirect(`/product/${product.id}/review?saved=${saved.status === 201 ? "new" : "updated"}`, {
    headers: PRIVATE_NO_STORE_HEADERS,
  });
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, purchase, review, savedMessage } = loaderData;
  const editing = review !== null;
  const here = savedMessage ? "Your review" : editing ? "Edit your review" : "Write a review";
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-8 sm:py-16">
      <AccountBreadcrumb here={here} />
      <header className="mt-6 border-b border-linen pb-8">
        <p className="eyebrow">{here}</p>
        <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">{product.name}</h1>
      </header>

      {savedMessage && review ? (
        <ReviewSaved message={savedMessage} productId={product.id} review={review} />
      ) : !purchase ? (
        <div className="mt-10 max-w-xl" data-testid="review-not-buyer">
          <p className="font-display text-2xl text-ink">{REVIEW_MESSAGES.notBuyer}</p>
          <p className="mt-3 text-sm leading-relaxed text-stone">
            Reviews here come from verified buyers. Once your order of it is delivered, you can write one from your
            order&rsquo;s page or your account.
          </p>
          <Link to={`/product/${product.id}`} className="btn-outline mt-8">
            Back to the piece
          </Link>
        </div>
      ) : (
        <div className="mt-10 grid gap-12 lg:grid-cols-[1.6fr_1fr] lg:gap-16">
          <div className="min-w-0 space-y-10">
            {review ? <ReviewStateNote review={review} /> : null}
            <ReviewForm page={{ ...loaderData, purchase }} answer={actionData ?? null} />
          </div>
          <ReviewPiece product={product} purchase={purchase} />
        </div>
      )}
    </div>
  );
}
