import { Link } from "react-router";
import { ContentPage, PolicySection } from "~/components/layout/content-page";
import { baseUrlFromMatches, pageMeta } from "~/modules/content";
import type { Route } from "./+types/shipping-policy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Shipping Policy · Saanjh",
    description:
      "How Saanjh ships across India and abroad: dispatch within 6 working days, ready pieces in 3-5 days, made-to-order in 15-30 working days, free shipping above ₹499.",
    path: "/shipping-policy",
    baseUrl: baseUrlFromMatches(matches),
  });
}

export default function ShippingPolicy() {
  return (
    <ContentPage
      eyebrow="Support & Info"
      title="Shipping Policy"
      intro={
        <p>
          Every Saanjh piece is finished by hand, so some take a little longer to reach you. Here is exactly what to
          expect from the moment you place your order.
        </p>
      }
    >
      <PolicySection id="dispatch" title="When we dispatch">
        <p>
          Orders ship within <strong>6 working days</strong> of being placed. Ready-to-ship pieces usually leave our
          studio much sooner, and you receive a message with the tracking details as soon as your parcel is handed to
          the courier.
        </p>
      </PolicySection>
      <PolicySection id="timelines" title="Delivery timelines">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Ready items:</strong> 3-5 working days.
          </li>
          <li>
            <strong>Express shipping:</strong> 7-10 working days.
          </li>
          <li>
            <strong>Standard shipping for made-to-order pieces:</strong> 15-30 working days, because they are cut,
            printed or embroidered after you order.
          </li>
          <li>
            <strong>Within India:</strong> about 5 days from dispatch to your door.
          </li>
          <li>
            <strong>International orders:</strong> about 14 days from dispatch, depending on customs in your country.
          </li>
        </ul>
        <p>Working days are Monday to Saturday, excluding public holidays.</p>
      </PolicySection>
      <PolicySection id="charges" title="Shipping charges">
        <p>
          Shipping is <strong>free on orders above ₹499</strong>. Orders of ₹499 or less carry a flat ₹40 shipping
          charge, shown in your cart before you pay.
        </p>
      </PolicySection>
      <PolicySection id="address" title="Changing your address">
        <p>
          You can change the delivery address within <strong>24 hours</strong> of placing your order: write to us with
          your order number and the new address. After that the parcel may already be on its way.
        </p>
      </PolicySection>
      <PolicySection id="cancellations" title="Cancellations">
        <p>
          Because many pieces are prepared for you as soon as the order arrives, we are unable to accept cancellations
          once an order is placed. If something is not right when it arrives, our{" "}
          <Link to="/return-policy" className="underline underline-offset-4 hover:text-maroon">
            Return Policy
          </Link>{" "}
          explains how we make it right.
        </p>
      </PolicySection>
    </ContentPage>
  );
}
