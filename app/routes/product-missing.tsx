import { Link } from "react-router";

export function meta() {
  return [{ title: "Invalid Product URL · Saanjh" }, { name: "robots", content: "noindex" }];
}

/** /product without an id: 'Invalid Product URL'. */
export default function ProductMissing() {
  return (
    <section className="mx-auto max-w-xl px-6 py-28 text-center" role="alert">
      <p className="eyebrow">Product</p>
      <h1 className="mt-4 font-display text-4xl text-ink">Invalid Product URL</h1>
      <p className="mt-4 text-stone">No product ID found in the URL.</p>
      <p className="mt-2 text-sm text-stone">
        Expected format: <code className="bg-sand px-1.5 py-0.5">/product/[product-id]</code>
      </p>
      <Link to="/products" className="btn-primary mt-10">
        Back to Products
      </Link>
    </section>
  );
}
