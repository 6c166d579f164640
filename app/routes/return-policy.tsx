import { Link } from "react-router";
import { ContentPage, PolicySection } from "~/components/layout/content-page";
import { baseUrlFromMatches, pageMeta } from "~/modules/content";
import type { Route } from "./+types/return-policy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Return & Exchange Policy · Saanjh",
    description:
      "7-day returns with free pickup for damaged pieces, size exchanges within 15 days of delivery, and refunds for full-price items within 14 days.",
    path: "/return-policy",
    baseUrl: baseUrlFromMatches(matches),
  });
}

export default function ReturnPolicy() {
  return (
    <ContentPage
      eyebrow="Support & Info"
      title="Return & Exchange Policy"
      intro={
        <p>
          We want you to love what you wear. If a piece does not fit or arrives damaged, we offer a{" "}
          <strong>7-day return policy with free pickup</strong> and simple size exchanges.
        </p>
      }
    >
      <PolicySection id="exchanges" title="Size exchanges">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Ask for an exchange within <strong>15 days of delivery</strong>.
          </li>
          <li>Exchanges are for the same product in another size, once per item.</li>
          <li>
            We process your exchange within <strong>7 days</strong> of receiving the piece back.
          </li>
          <li>Pieces must be unworn and unwashed, with their tags attached.</li>
        </ul>
      </PolicySection>
      <PolicySection id="returns" title="Returns">
        <p>
          We accept returns only when a piece arrives <strong>damaged</strong>. Request the return within{" "}
          <strong>7 days of delivery</strong> and include proof: clear photographs of the damage and of the parcel. We
          arrange a free pickup from your address.
        </p>
      </PolicySection>
      <PolicySection id="refunds" title="Refunds">
        <p>
          Refunds apply only to items bought at full price and are issued within <strong>14 days</strong> of approving
          your return. Once issued, the amount shows in your account within <strong>7 business days</strong>, on the
          payment method you used.
        </p>
      </PolicySection>
      <PolicySection id="non-refundable" title="What cannot be returned or refunded">
        <ul className="list-disc space-y-2 pl-5">
          <li>Sale items</li>
          <li>Custom and made-to-measure pieces</li>
          <li>Intimate wear</li>
          <li>Promotional and free items</li>
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
          Write to us from{" "}
          <Link to="/about" className="underline underline-offset-4 hover:text-maroon">
            our contact details
          </Link>{" "}
          with your order number, the item and the reason. We reply within one working day and book the pickup for you.
        </p>
      </PolicySection>
    </ContentPage>
  );
}
