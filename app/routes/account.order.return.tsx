import { data, Link, redirect } from "react-router";
import { AccountBreadcrumb } from "~/components/account/account-breadcrumb";
import { ReturnRequestForm, windowsLine } from "~/components/account/return-request-form";
import { getDb } from "~/db/client.server";
import { noStoreHeaders } from "~/lib/cache-control";
import { invariantResponse, readFormData } from "~/lib/http.server";
import { requireUser } from "~/modules/accounts/index.server";
import { MAX_PHOTOS_PER_REQUEST, SHOPPER_PHOTO_MESSAGES } from "~/modules/media";
import { readReturnRequest, RETURN_MESSAGES } from "~/modules/returns";
import { createReturnRequest, loadReturnOffer } from "~/modules/returns/index.server";
import { typedWithPhotos } from "~/lib/forms";
import type { Route } from "./+types/account.order.return";

/*
 * The shopper's return or exchange request for one delivered order (decision 042). The page shows the
 * offer the server computed (pieces still returnable, the windows, the resolutions each reason allows,
 * live stock of the other sizes) and the form posts plainly without JavaScript; the action checks
 * everything again through the returns module and answers what was wrong with all she typed kept.
 */

export const headers = noStoreHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  return [
    { title: page ? `Return or exchange · ${page.orderNumber} · Saanjh` : "Order not found · Saanjh" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const answer = await loadReturnOffer(getDb(), { userId: user.id, orderNumber: params.orderNumber });
  // another shopper's order answers exactly like a missing one
  invariantResponse(answer.kind !== "not-found", "Order not found", 404);
  if (answer.kind === "not-delivered") return { state: "not-delivered" as const, orderNumber: answer.orderNumber };
  const { offer } = answer;
  const common = { orderNumber: offer.orderNumber, windows: offer.windows, policy: offer.policy };
  if (!answer.open) {
    // the windows are open but every piece is already on its way back, or cannot come back
    const windowsOpen = offer.windows.exchangeOpen || offer.windows.returnOpen;
    return { state: windowsOpen ? ("nothing-left" as const) : ("closed" as const), ...common };
  }
  return {
    state: "open" as const,
    ...common,
    lines: offer.lines,
    needsDestination: offer.needsDestination,
  };
}

type Fields = Record<string, string | string[]>;

const NOTHING_LEFT = "Every piece of this order is already being returned or cannot be returned.";

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const form = await readFormData(request);
  const values = typedWithPhotos(form);
  const refuse = (status: number, message: string, fieldErrors: Record<string, string> = {}, keep = values) =>
    data({ message, fieldErrors, values: keep }, status);

  const answer = await loadReturnOffer(db, { userId: user.id, orderNumber: params.orderNumber });
  invariantResponse(answer.kind !== "not-found", "Order not found", 404);
  if (answer.kind === "not-delivered") return refuse(409, RETURN_MESSAGES.notDelivered);
  if (!answer.open) {
    const windowsOpen = answer.offer.windows.exchangeOpen || answer.offer.windows.returnOpen;
    return refuse(409, windowsOpen ? NOTHING_LEFT : RETURN_MESSAGES.windowClosed);
  }

  const fields: Fields = { ...values.fields, photos: values.photos };
  const read = readReturnRequest(fields, { needsDestination: answer.offer.needsDestination });
  const photoError = values.photos.length > MAX_PHOTOS_PER_REQUEST ? SHOPPER_PHOTO_MESSAGES.maxPhotos : null;
  if (!read.ok || photoError) {
    const fieldErrors = { ...(read.ok ? {} : read.fieldErrors), ...(photoError ? { photos: photoError } : {}) };
    return refuse(400, "Please check what is marked below.", fieldErrors);
  }

  // her own photos only, each attached once: claimed in the request's own transaction
  const created = await createReturnRequest(db, {
    userId: user.id,
    orderNumber: params.orderNumber,
    request: read.data,
  });
  if (!created.ok) {
    invariantResponse(created.status !== 404, "Order not found", 404);
    const keep = created.fieldErrors.photos ? { ...values, photos: [] } : values;
    return refuse(created.status, created.message, created.fieldErrors, keep);
  }
  const orderPath = `/account/orders/${encodeURIComponent(answer.offer.orderNumber)}`;
  throw redirect(`${orderPath}?return=${encodeURIComponent(created.returnNumber)}`);
}

export default function ReturnRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const orderPath = `/account/orders/${encodeURIComponent(loaderData.orderNumber)}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-8 sm:py-16">
      <AccountBreadcrumb here="Return or exchange" />
      <header className="mt-6 border-b border-linen pb-8">
        <p className="eyebrow">
          Order <span className="order-code tracking-[0.08em]">{loaderData.orderNumber}</span>
        </p>
        <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">Return or exchange</h1>
        {loaderData.state !== "not-delivered" ? (
          <p className="mt-3 text-sm text-stone" data-testid="return-windows">
            {windowsLine(loaderData.windows)}
          </p>
        ) : null}
      </header>

      {loaderData.state === "open" ? (
        <ReturnRequestForm page={loaderData} answer={actionData ?? null} orderPath={orderPath} />
      ) : (
        <div className="mt-10 max-w-xl">
          <p className="font-display text-2xl text-ink">
            {loaderData.state === "not-delivered"
              ? RETURN_MESSAGES.notDelivered
              : loaderData.state === "nothing-left"
                ? NOTHING_LEFT
                : RETURN_MESSAGES.windowClosed}
          </p>
          <p className="mt-3 text-sm leading-relaxed text-stone">
            {loaderData.state === "not-delivered"
              ? "Once it arrives you can ask for an exchange or a return from its page."
              : loaderData.state === "nothing-left"
                ? "You can follow your requests on the order's page."
                : `Exchanges can be asked for within ${loaderData.policy.exchangeWindowDays} days of delivery and returns within ${loaderData.policy.returnWindowDays} days.`}
          </p>
          <Link to={orderPath} className="btn-outline mt-8">
            Back to the order
          </Link>
        </div>
      )}
    </div>
  );
}
