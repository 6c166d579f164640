/*
 * The cart and wishlist live in the root loader's data (decision 012). Pages whose own data does
 * not depend on them skip the revalidation their changes and refreshes cause.
 */
const SHOPPER_ACTIONS = new Set(["/cart", "/wishlist", "/api/cart"]);

function isShopperAction(formAction: string | undefined): boolean {
  if (!formAction) return false;
  try {
    return SHOPPER_ACTIONS.has(new URL(formAction, "http://shop.invalid").pathname);
  } catch {
    return false;
  }
}

/** For `shouldRevalidate` of catalogue pages: keep the page's data after a cart or wishlist change or a plain refresh. */
export function catalogueShouldRevalidate(args: {
  currentUrl: URL;
  nextUrl: URL;
  formAction?: string;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (args.formAction ? isShopperAction(args.formAction) : args.currentUrl.href === args.nextUrl.href) return false;
  return args.defaultShouldRevalidate;
}
