import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("about", "routes/about.tsx"),
  route("shipping-policy", "routes/shipping-policy.tsx"),
  route("return-policy", "routes/return-policy.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("track-order", "routes/track-order.tsx"),
  route("bestseller", "routes/bestseller.ts"),
  route("categories/:slug", "routes/category-redirect.ts"),
  route("newsletter", "routes/newsletter.ts"),
  route("api/search/suggest", "routes/api.search.suggest.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("authentication", "routes/authentication.tsx", { id: "authentication" }),
  route("login", "routes/authentication.tsx", { id: "login" }),
  route("account/addresses", "routes/account.addresses.tsx"),
  route("account/orders/:orderNumber", "routes/account.order.tsx"),
  route("dev/outbox", "routes/dev.outbox.ts"),
  route("product", "routes/product-missing.tsx"),
  route("api/cart", "routes/api.cart.ts"),
  route("api/wishlist", "routes/api.wishlist.ts"),
  // Spec section 2: other internal paths go to /products.
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
