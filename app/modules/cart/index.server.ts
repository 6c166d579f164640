/**
 * The cart module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export { runCartIntent, runWishlistIntent } from "./cart-actions.server";
export { CART_MESSAGES } from "./results";
export { addLine, getCartLines, loadCart, mergeGuestCart, priceLines, takeCart } from "./cart.server";
