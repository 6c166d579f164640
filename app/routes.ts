import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("authentication", "routes/authentication.tsx", { id: "authentication" }),
  route("login", "routes/authentication.tsx", { id: "login" }),
  route("account/addresses", "routes/account.addresses.tsx"),
  route("account/orders/:orderNumber", "routes/account.order.tsx"),
  route("dev/outbox", "routes/dev.outbox.ts"),
  // Spec section 2: other internal paths go to /products.
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
