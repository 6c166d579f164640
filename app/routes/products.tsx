import { Link } from "react-router";
import { z } from "zod";
import { ProductCard } from "~/components/product/product-card";
import { getDb } from "~/db/client.server";
import { listProducts } from "~/modules/catalog/products.server";
import { CATEGORIES } from "~/modules/catalog/types";
import type { Route } from "./+types/products";

const PER_PAGE = 24;

const querySchema = z.object({
  category: z
    .string()
    .optional()
    .transform((c) => (c && CATEGORIES.some((k) => k.slug === c) ? c : undefined)),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export function meta({ data }: Route.MetaArgs) {
  const name = data?.category?.name;
  return [
    { title: name ? `${name} · Saanjh` : "Our Collections · Saanjh" },
    { name: "description", content: data?.category?.description ?? "Shop kurtas, sarees, lehengas, co-ords, dresses and jewellery, handcrafted in India." },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { category, page } = querySchema.parse(params);
  const result = await listProducts(getDb(), { category, page, perPage: PER_PAGE });
  return { ...result, category: CATEGORIES.find((c) => c.slug === category) ?? null };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { items, total, page, perPage, category } = loaderData;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const pageHref = (n: number) => `/products?${new URLSearchParams({ ...(category ? { category: category.slug } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-8 sm:pt-14">
      <header className="mb-10 text-center">
        <p className="eyebrow">{category ? "Collection" : "Shop"}</p>
        <h1 className="mt-3 font-display text-5xl text-ink">{category ? category.name : "Our Collections"}</h1>
        {category ? <p className="mx-auto mt-4 max-w-xl text-sm leading-relaxed text-stone">{category.description}</p> : null}
      </header>
      <nav aria-label="Categories" className="mb-8 flex gap-2 overflow-x-auto pb-2 [scrollbar-width:none] sm:flex-wrap sm:justify-center">
        <CategoryChip to="/products" active={!category} label="All" />
        {CATEGORIES.map((c) => (
          <CategoryChip key={c.slug} to={`/products?category=${c.slug}`} active={category?.slug === c.slug} label={c.name} />
        ))}
      </nav>
      <p className="mb-6 text-sm text-stone" role="status">
        {total} product{total === 1 ? "" : "s"} found
      </p>
      {items.length === 0 ? (
        <p className="py-20 text-center text-stone">No products found matching your criteria</p>
      ) : (
        <div className="grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4">
          {items.map((product, i) => (
            <ProductCard key={product.id} product={product} priority={i < 4} />
          ))}
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-14 flex items-center justify-center gap-2">
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <Link
              key={n}
              to={pageHref(n)}
              aria-current={n === page ? "page" : undefined}
              className={`flex h-10 min-w-10 items-center justify-center border px-3 text-sm ${n === page ? "border-ink bg-ink text-ivory" : "border-linen hover:border-ink"}`}
            >
              {n}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

function CategoryChip({ to, active, label }: { to: string; active: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={`shrink-0 border px-4 py-2 text-[0.7rem] uppercase tracking-[0.18em] transition-colors ${active ? "border-ink bg-ink text-ivory" : "border-linen text-stone hover:border-ink hover:text-ink"}`}
    >
      {label}
    </Link>
  );
}
