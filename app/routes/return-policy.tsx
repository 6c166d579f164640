import { Link } from "react-router";
import { ContentPage, PolicySection } from "~/components/layout/content-page";
import { getDb } from "~/db/client.server";
import { baseUrlFromMatches, creditValidityText, daysText, pageMeta } from "~/modules/content";
import { returnPolicyFacts, type ReturnPolicyFacts } from "~/modules/content/index.server";
import type { Route } from "./+types/return-policy";

/*
 * /return-policy: the shop's returns and exchanges, with the windows, the categories that cannot be
 * returned, when a refund goes to the payment and how long store credit lasts read from the store
 * settings, the same ones the return request checks (decision 042).
 */

export async function loader() {
  return returnPolicyFacts(getDb());
}

function description(facts: ReturnPolicyFacts): string {
  const parts = [];
  if (facts.exchangeWindowDays > 0)
    parts.push(`Size and colour exchanges within ${daysText(facts.exchangeWindowDays)} of delivery`);
  if (facts.returnWindowDays > 0)
    parts.push(
      `returns within ${daysText(facts.returnWindowDays)} for store credit${facts.refundsOnlyForFaults ? ", refunds for damaged pieces" : " or a refund"}`,
    );
  return `${parts.length > 0 ? parts.join("; ") : "How returns and exchanges work at Saanjh"}, with a free pickup from your address.`;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Return & Exchange Policy · Saanjh",
    description: loaderData
      ? description(loaderData)
      : "Size exchanges and returns with a free pickup from your address.",
    path: "/return-policy",
    baseUrl: baseUrlFromMatches(matches),
  });
}

const linkClass = "underline underline-offset-4 hover:text-maroon";

function Intro({ facts }: { facts: ReturnPolicyFacts }) {
  const { exchangeWindowDays: exchange, returnWindowDays: back } = facts;
  if (exchange === 0 && back === 0)
    return <p>We want you to love what you wear. If a piece arrives damaged, write to us and we will put it right.</p>;
  return (
    <p>
      We want you to love what you wear. If a piece does not fit or arrives damaged, we offer{" "}
      {exchange > 0 ? (
        <>
          <strong>size exchanges within {daysText(exchange)}</strong>
          {back > 0 ? " and " : " "}
        </>
      ) : null}
      {back > 0 ? <strong>returns within {daysText(back)} </strong> : null}
      of delivery, with a <strong>free pickup</strong> from your address.
    </p>
  );
}

function Refunds({ facts }: { facts: ReturnPolicyFacts }) {
  return (
    <>
      <p>
        {facts.refundsOnlyForFaults ? (
          <>
            A refund to your payment is for pieces that arrive <strong>damaged</strong> or different from their
            pictures. For any other reason we offer an exchange or store credit.
          </>
        ) : (
          <>A returned piece can be refunded to your payment, or taken as store credit if you prefer.</>
        )}
      </p>
      <p>
        We refund once the piece reaches us and passes its check: the price you paid for it, after its share of any
        coupon or prepaid discount. Shipping and the cash-on-delivery fee are not refunded, as the delivery took place.
        Once issued, the amount shows within <strong>7 business days</strong> on the payment method you used. For a
        cash-on-delivery order we send the refund to the UPI ID or bank account you give us.
      </p>
    </>
  );
}

export default function ReturnPolicy({ loaderData: facts }: Route.ComponentProps) {
  const validity = creditValidityText(facts.storeCreditValidityDays);
  return (
    <ContentPage eyebrow="Support & Info" title="Return & Exchange Policy" intro={<Intro facts={facts} />}>
      <PolicySection id="exchanges" title="Size exchanges">
        {facts.exchangeWindowDays > 0 ? (
          <ul className="list-disc space-y-2 pl-5">
            <li>
              Ask for an exchange within <strong>{daysText(facts.exchangeWindowDays)} of delivery</strong>.
            </li>
            <li>Exchanges are for the same product in another size or colour, once per item.</li>
            <li>
              We process your exchange within <strong>7 days</strong> of receiving the piece back.
            </li>
            <li>Pieces must be unworn and unwashed, with their tags attached.</li>
          </ul>
        ) : (
          <p>We do not offer exchanges at the moment.</p>
        )}
      </PolicySection>
      <PolicySection id="returns" title="Returns">
        {facts.returnWindowDays > 0 ? (
          <p>
            Return a piece within <strong>{daysText(facts.returnWindowDays)} of delivery</strong> for store credit
            {facts.refundsOnlyForFaults ? (
              <>
                , or for a refund if it arrived <strong>damaged</strong> or different from its pictures
              </>
            ) : (
              " or a refund"
            )}
            . Clear photographs of any damage and of the parcel help us settle it quickly. We arrange a free pickup from
            your address.
          </p>
        ) : (
          <p>
            We do not accept returns at the moment{facts.exchangeWindowDays > 0 ? "; pieces can be exchanged" : ""}.
          </p>
        )}
      </PolicySection>
      <PolicySection id="refunds" title="Refunds">
        <Refunds facts={facts} />
      </PolicySection>
      <PolicySection id="store-credit" title="Store credit">
        <p>
          Store credit is kept in your account and can be spent at checkout as part of the payment.{" "}
          {validity ? (
            <>
              It can be used for <strong>{validity}</strong> from the day it is issued.
            </>
          ) : (
            <strong>It never expires.</strong>
          )}
        </p>
      </PolicySection>
      <PolicySection id="non-refundable" title="What cannot be returned or refunded">
        <ul className="list-disc space-y-2 pl-5" data-testid="non-returnable">
          {facts.nonReturnable.map((name) => (
            <li key={name}>{name}</li>
          ))}
          <li>Pieces that have been worn or washed, or whose tags have been removed</li>
        </ul>
      </PolicySection>
      <PolicySection id="abuse" title="Excessive returns">
        <p>
          To keep prices fair for everyone, if a customer has returned three consecutive orders we may decline later
          return requests from that account.
        </p>
      </PolicySection>
      <PolicySection id="how" title="How to start a return or exchange">
        <p>
          Open the order in{" "}
          <Link to="/account" className={linkClass}>
            your account
          </Link>{" "}
          and choose <strong>Return or exchange</strong> on a delivered order. Pick the pieces, tell us why and what you
          would like instead; you can add photographs. The pickup from your address is <strong>free</strong>, and you
          can follow your return on the same page. Questions? Write to us from{" "}
          <Link to="/about" className={linkClass}>
            our contact details
          </Link>{" "}
          with your order number.
        </p>
      </PolicySection>
    </ContentPage>
  );
}
