/**
 * The content module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export { type BannerCopy, BANNERS } from "./banners";
export { CLOTHING_COLLECTIONS } from "./collections";
export { GST_STATE_CODES } from "./gstin";
export { NEWSLETTER_MESSAGES, type NewsletterResult, parseNewsletterEmail } from "./newsletter";
export { creditValidityText, daysText } from "./return-settings";
export { baseUrlFromMatches, pageMeta } from "./seo";
export {
  checkSettingsForm,
  DEMO_WHATSAPP_NOTE,
  isDemoWhatsapp,
  SETTINGS_MESSAGES,
  type SettingsField,
  type SettingsFieldErrors,
  type SettingsFormValues,
  settingsValuesSchema,
} from "./settings-form";
export {
  BANNER_COUNT,
  BANNER_SIZE,
  BANNER_WIDTHS,
  bannerKey,
  responsiveSource,
  type ResponsiveSource,
  TILE_SIZE,
  TILE_WIDTHS,
  tileKey,
} from "./site-images";
export { buildRobots, buildSitemap } from "./sitemap";
