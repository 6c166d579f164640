/** Meta tags of the shop's own pages (title, description, canonical link, Open Graph basics). */
export interface PageMetaInput {
  title: string;
  description: string;
  /** path of the page, e.g. '/about' */
  path: string;
  /** absolute origin of the shop (root loader's baseUrl) when known */
  baseUrl?: string;
  image?: string;
}

export function pageMeta({ title, description, path, baseUrl, image }: PageMetaInput) {
  const url = baseUrl ? `${baseUrl.replace(/\/+$/, "")}${path}` : undefined;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Saanjh" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(url
      ? [
          { property: "og:url", content: url },
          { tagName: "link", rel: "canonical", href: url },
        ]
      : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
}

/** The root loader's baseUrl from a route's meta `matches`. */
export function baseUrlFromMatches(
  matches: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>,
): string | undefined {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { baseUrl?: string } | undefined;
  return data?.baseUrl;
}
