import { Link } from "react-router";
import { Price } from "~/components/product/price";
import { getDb } from "~/db/client.server";
import { invariantResponse } from "~/lib/http.server";
import { getProduct } from "~/modules/catalog/products.server";
import { CATEGORIES } from "~/modules/catalog/types";
import { srcSet } from "~/modules/media/images";
import type { Route } from "./+types/product";

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Product not found · Saanjh" }];
  const { product } = data;
  return [
    { title: `${product.name} · ${product.brand} · Saanjh` },
    { name: "description", content: product.description },
  ];
}

export async function loader({ params }: Route.LoaderArgs) {
  const product = await getProduct(getDb(), params.id);
  invariantResponse(product, "Product not found", 404);
  const category = CATEGORIES.find((c) => c.slug === product.category);
  return { product, categoryName: category?.name ?? "Fashion" };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, categoryName } = loaderData;
  const [main, ...rest] = product.images;
  const stockNote =
    product.stock <= 0 ? "Out of stock" : product.stock <= 10 ? `Only ${product.stock} left` : "In stock";
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-8 sm:pt-10">
      <nav aria-label="Breadcrumb" className="mb-6 text-xs uppercase tracking-[0.18em] text-stone">
        <Link to="/products" className="hover:text-ink">Shop</Link>
        <span aria-hidden="true" className="mx-2">/</span>
        <Link to={`/products?category=${product.category}`} className="hover:text-ink">{categoryName}</Link>
      </nav>
      <div className="grid gap-10 lg:grid-cols-[1.15fr_1fr] lg:gap-16">
        <div className="grid gap-3 sm:grid-cols-2">
          {main ? (
            <img
              src={main.url}
              srcSet={srcSet(main.url)}
              sizes="(min-width: 1024px) 55vw, 100vw"
              width={main.width}
              height={main.height}
              alt={main.alt}
              fetchPriority="high"
              className="aspect-[3/4] w-full bg-sand object-cover sm:col-span-2"
            />
          ) : (
            <div className="flex aspect-[3/4] items-center justify-center bg-sand text-sm text-stone sm:col-span-2">Image not available</div>
          )}
          {rest.map((image) => (
            <img
              key={image.url}
              src={image.url}
              srcSet={srcSet(image.url)}
              sizes="(min-width: 1024px) 27vw, 50vw"
              width={image.width}
              height={image.height}
              alt={image.alt}
              loading="lazy"
              decoding="async"
              className="hidden aspect-[3/4] w-full bg-sand object-cover sm:block"
            />
          ))}
        </div>
        <div className="lg:sticky lg:top-36 lg:self-start">
          {product.badge ? <p className="eyebrow !text-maroon">{product.badge}</p> : null}
          <p className="mt-3 text-xs uppercase tracking-[0.24em] text-stone">{product.brand}</p>
          <h1 className="mt-2 font-display text-4xl leading-tight text-ink sm:text-5xl">{product.name}</h1>
          <div className="mt-5">
            <Price pricePaise={product.pricePaise} originalPricePaise={product.originalPricePaise} size="lg" />
            <p className="mt-1 text-xs text-stone">Shipping calculated at checkout.</p>
          </div>
          <p className="mt-6 leading-relaxed text-ink/85">{product.description}</p>
          {product.colors.length > 0 ? (
            <div className="mt-8">
              <p className="eyebrow">Colours</p>
              <ul className="mt-3 flex flex-wrap gap-3">
                {product.colors.map((c) => (
                  <li key={c.name} className="flex items-center gap-2 text-sm">
                    <span className="h-5 w-5 rounded-full border border-ink/15" style={{ backgroundColor: c.hex }} aria-hidden="true" />
                    {c.name}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {product.sizes.length > 0 ? (
            <div className="mt-6">
              <p className="eyebrow">Sizes</p>
              <ul className="mt-3 flex flex-wrap gap-2">
                {product.sizes.map((s) => (
                  <li key={s} className="min-w-12 border border-linen px-3 py-2 text-center text-sm">{s}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className={`mt-6 text-sm font-medium ${product.stock <= 0 ? "text-sale" : product.stock <= 10 ? "text-gold" : "text-leaf"}`}>{stockNote}</p>
          <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-t border-linen pt-6 text-sm">
            <dt className="text-stone">Material</dt>
            <dd>{product.material ?? "Cotton"}</dd>
            <dt className="text-stone">Fit</dt>
            <dd>{product.fit ?? "Regular"}</dd>
            <dt className="text-stone">Care</dt>
            <dd>{product.care ?? "Machine Wash"}</dd>
            <dt className="text-stone">Occasion</dt>
            <dd>{product.occasions.length > 0 ? product.occasions.join(", ") : "Casual, Festive"}</dd>
            <dt className="text-stone">SKU</dt>
            <dd>{product.sku}</dd>
          </dl>
          <div className="mt-8 space-y-4 border-t border-linen pt-6 text-sm leading-relaxed text-ink/80">
            {product.details.split(/\n{2,}/).map((para) => (
              <p key={para.slice(0, 40)}>{para}</p>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
