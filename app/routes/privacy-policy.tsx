import { ContentPage, PolicySection } from "~/components/layout/content-page";
import { baseUrlFromMatches, pageMeta } from "~/modules/content";
import type { Route } from "./+types/privacy-policy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Policy · Saanjh",
    description:
      "What Saanjh collects when you shop with us, why, how long we keep it, and the choices you have about cookies and messages.",
    path: "/privacy-policy",
    baseUrl: baseUrlFromMatches(matches),
  });
}

export default function PrivacyPolicy() {
  return (
    <ContentPage
      eyebrow="Support & Info"
      title="Privacy Policy"
      logo
      intro={
        <p>
          This policy explains what information we collect when you visit our website or buy from us, and how we use it.
        </p>
      }
    >
      <PolicySection id="privacy" title="Privacy policy and miscellaneous">
        <p>
          When you create an account or place an order we collect your name, phone number, e-mail address and delivery
          address. We use them to deliver your order, to tell you about its progress, to answer your questions and, if
          you subscribe, to send our newsletter. We never sell your information.
        </p>
        <p>
          We share only what is needed with the companies that help us run the shop: our payment provider, our couriers
          and our SMS provider for sign-in codes. Each of them may use your information only for that purpose.
        </p>
      </PolicySection>
      <PolicySection id="log-files" title="Log files">
        <p>
          Like most websites, our servers record visits in log files: your IP address, browser type, the pages you open,
          the time of the visit and the page you came from. We use them to keep the site secure and working, and to
          understand how it is used. They are not linked to information that identifies you.
        </p>
      </PolicySection>
      <PolicySection id="cookies" title="Cookies and web beacons">
        <p>
          We use a small number of cookies: one keeps you signed in, and your browser's local storage keeps your cart
          and wishlist while you are signed out. We do not use advertising cookies.
        </p>
      </PolicySection>
      <PolicySection id="third-party" title="Third-party privacy policies">
        <p>
          Our payment provider and couriers have their own privacy policies, which govern the information they handle on
          our behalf. Links from our site to social networks lead to services with their own policies too; we suggest
          you read them.
        </p>
      </PolicySection>
      <PolicySection id="payment-discounts" title="Payment method and tender type discounts">
        <p>
          From time to time we may offer a discount for a particular payment method, such as prepaid orders. Such offers
          are shown at checkout before you pay and apply only to orders placed while they run.
        </p>
      </PolicySection>
      <PolicySection id="returns-abuse" title="Policy on excessive returns and return abuse">
        <p>
          We keep a record of returns on each account. If a customer has returned three consecutive orders, we may
          reject later return requests from that account.
        </p>
      </PolicySection>
      <PolicySection id="cookie-management" title="Cookie management">
        <p>
          You can block or delete cookies in your browser settings. The shop still works without them, but you will need
          to sign in again, and a cart kept in a signed-out browser is lost when its storage is cleared.
        </p>
      </PolicySection>
      <PolicySection id="children" title="Children's information">
        <p>
          Our shop is not meant for children. We do not knowingly collect personal information from anyone under the age
          of 13. If you believe a child has given us such information, write to us and we will delete it promptly.
        </p>
      </PolicySection>
      <PolicySection id="online-only" title="Online policy only">
        <p>
          This policy applies only to what we collect online, on this website. It does not cover information collected
          offline or through other channels.
        </p>
      </PolicySection>
      <PolicySection id="consent" title="Consent">
        <p>By using our website, you consent to this privacy policy and agree to its terms.</p>
      </PolicySection>
    </ContentPage>
  );
}
