import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("product", "routes/product-missing.tsx"),
  route("api/cart", "routes/api.cart.ts"),
  route("api/wishlist", "routes/api.wishlist.ts"),
  // Spec section 2: other internal paths go to /products.
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
