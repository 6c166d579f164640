import { data } from "react-router";
import { AccountBreadcrumb } from "~/components/account/account-breadcrumb";
import {
  REQUESTS_OFF,
  REQUESTS_ON,
  ReviewRequestsToggle,
  ReviewsWritten,
  WaitingForReview,
  type WrittenReview,
} from "~/components/reviews-form/account-reviews";
import { getDb } from "~/db/client.server";
import { PRIVATE_NO_STORE_HEADERS } from "~/lib/cache-control";
import { readFormData } from "~/lib/http.server";
import { requireUser } from "~/modules/accounts/index.server";
import { getShopperProducts } from "~/modules/catalog/index.server";
import { reviewRequestsOff, setReviewRequestsOff, shopperReviews } from "~/modules/reviews/index.server";
import type { Route } from "./+types/account.reviews";

/*
 * Her reviews (decision 043): the delivered pieces she has not reviewed yet, each with its form's
 * link; the reviews she wrote, where each stands; and the switch for the shop's review requests.
 */

export const headers = () => PRIVATE_NO_STORE_HEADERS;

export function meta() {
  return [{ title: "Your reviews · Saanjh" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const [{ written, waiting }, off] = await Promise.all([shopperReviews(db, user.id), reviewRequestsOff(db, user.id)]);
  const products = new Map(
    (
      await getShopperProducts(
        db,
        written.map((r) => r.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const reviews: WrittenReview[] = written.map((r) => {
    const product = products.get(r.productId);
    return {
      ...r,
      productName: product?.name ?? "A piece no longer in the shop",
      imageUrl: product?.image?.url ?? null,
      onSale: product?.isActive ?? false,
    };
  });
  return data({ waiting, reviews, askMe: !off }, { headers: PRIVATE_NO_STORE_HEADERS });
}

/** The review requests' switch: a checked box asks for them, an unchecked one turns them off. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  if (form.get("intent") !== "review-requests")
    return data({ message: null, error: "Something went wrong. Please try again." }, { status: 400 });
  const askMe = form.get("ask") === "on";
  await setReviewRequestsOff(getDb(), user.id, !askMe);
  return data({ message: askMe ? REQUESTS_ON : REQUESTS_OFF, error: null }, { headers: PRIVATE_NO_STORE_HEADERS });
}

export default function AccountReviews({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-8 sm:py-16">
      <AccountBreadcrumb here="Reviews" />
      <header className="mt-6 border-b border-linen pb-8">
        <p className="eyebrow">My account</p>
        <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">Reviews</h1>
        <p className="mt-3 max-w-xl text-sm text-stone">
          Your reviews help other shoppers choose their size and fabric. Only pieces you received can be reviewed.
        </p>
      </header>
      <div className="mt-10 grid gap-12 lg:grid-cols-[1.6fr_1fr] lg:gap-16">
        <div className="min-w-0 space-y-14">
          <WaitingForReview pieces={loaderData.waiting} />
          <ReviewsWritten reviews={loaderData.reviews} />
        </div>
        <div>
          {actionData?.error ? <p className="mb-4 text-sm text-sale">{actionData.error}</p> : null}
          <ReviewRequestsToggle askMe={loaderData.askMe} message={actionData?.message ?? null} />
        </div>
      </div>
    </div>
  );
}
