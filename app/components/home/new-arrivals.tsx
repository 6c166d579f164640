import { Suspense } from "react";
import { Await, Link } from "react-router";
import { ProductCard } from "~/components/product/product-card";
import type { ProductCardData } from "~/modules/catalog";

/** 'New Arrivals': the newest pieces, streamed (the row shows 'Loading products...' until they come). */
export function NewArrivals({ products }: { products: Promise<ProductCardData[]> }) {
  return (
    <section aria-labelledby="new-arrivals" className="mx-auto mt-20 max-w-7xl px-4 sm:mt-28 sm:px-8">
      <div className="mb-8 flex items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Just in</p>
          <h2 id="new-arrivals" className="mt-2 font-display text-4xl text-ink">
            New Arrivals
          </h2>
        </div>
        <Link
          to="/products"
          className="text-xs tracking-[0.22em] text-ink uppercase underline-offset-8 hover:underline"
        >
          View All
        </Link>
      </div>
      <Suspense fallback={<NewArrivalsLoading />}>
        <Await resolve={products} errorElement={<NewArrivalsError />}>
          {(arrivals) => <NewArrivalsGrid products={arrivals} />}
        </Await>
      </Suspense>
    </section>
  );
}

// The row bleeds to the screen's edges on phones; its snap points keep the page's margin (scroll-px-4),
// or the browser snaps the first card to x = 0.
const rowClass =
  "-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 [scrollbar-width:none] md:mx-0 md:grid md:grid-cols-4 md:gap-6 md:overflow-visible md:px-0";

function NewArrivalsGrid({ products }: { products: ProductCardData[] }) {
  if (products.length === 0) {
    return (
      <div className="border border-linen py-16 text-center">
        <p className="font-display text-2xl">No products found</p>
        <p className="mt-2 text-sm text-stone">New arrivals will appear here soon!</p>
      </div>
    );
  }
  return (
    <div className={rowClass}>
      {products.map((product) => (
        <div key={product.id} className="w-[68%] shrink-0 snap-start sm:w-[42%] md:w-auto" data-testid="new-arrival">
          <ProductCard product={product} sizes="(min-width: 768px) 25vw, 68vw" />
        </div>
      ))}
    </div>
  );
}

function NewArrivalsLoading() {
  return (
    <div role="status">
      <div className={rowClass} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="w-[68%] shrink-0 sm:w-[42%] md:w-auto">
            <div className="aspect-[3/4] animate-pulse bg-sand" />
            <div className="mt-4 h-4 w-3/4 bg-sand" />
            <div className="mt-2 h-4 w-1/3 bg-sand" />
          </div>
        ))}
      </div>
      <p className="mt-2 text-center text-sm text-stone">Loading products...</p>
    </div>
  );
}

function NewArrivalsError() {
  return (
    <div role="alert" className="border border-linen py-16 text-center">
      <p className="font-display text-2xl">Unable to load products</p>
      <p className="mt-2 text-sm text-stone">Please try refreshing the page.</p>
      <button type="button" onClick={() => window.location.reload()} className="btn-primary mt-6">
        Refresh Page
      </button>
    </div>
  );
}
