import { Link, useRouteLoaderData } from "react-router";
import { ContentPage, PolicySection } from "~/components/layout/content-page";
import { baseUrlFromMatches, pageMeta } from "~/modules/content/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/track-order";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Track Your Order · Saanjh",
    description: "Follow your Saanjh order from our studio to your door.",
    path: "/track-order",
    baseUrl: baseUrlFromMatches(matches),
  });
}

export default function TrackOrder() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const settings = root?.settings;
  return (
    <ContentPage
      eyebrow="Support & Info"
      title="Track Your Order"
      intro={<p>Follow your order from our studio in Jaipur to your door.</p>}
    >
      <PolicySection id="account" title="Your orders">
        <p>
          Every order you place while signed in is listed in your account with its current status. Sign in with the phone
          number you ordered with to see it.
        </p>
        <p>
          <Link to="/authentication" className="btn-primary mt-2">
            Sign in to your account
          </Link>
        </p>
      </PolicySection>
      <PolicySection id="courier" title="Courier tracking">
        <p>
          When your parcel leaves our studio we send the courier's tracking number to your phone. Ready pieces usually
          arrive within 3-5 working days; see the{" "}
          <Link to="/shipping-policy" className="underline underline-offset-4 hover:text-maroon">Shipping Policy</Link> for
          made-to-order timelines.
        </p>
      </PolicySection>
      {settings && (settings.supportEmail || settings.supportPhone) ? (
        <PolicySection id="help" title="Need help?">
          <p>
            Write to{" "}
            {settings.supportEmail ? (
              <a href={`mailto:${settings.supportEmail}`} className="underline underline-offset-4 hover:text-maroon">
                {settings.supportEmail}
              </a>
            ) : null}
            {settings.supportEmail && settings.supportPhone ? " or call " : null}
            {settings.supportPhone ? (
              <a href={`tel:${settings.supportPhone.replace(/\s/g, "")}`} className="underline underline-offset-4 hover:text-maroon">
                {settings.supportPhone}
              </a>
            ) : null}{" "}
            with your order number and we will find out where your parcel is.
          </p>
        </PolicySection>
      ) : null}
    </ContentPage>
  );
}
