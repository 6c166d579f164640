/**
 * The media module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export {
  PRODUCT_IMAGE_DEFAULT_WIDTH,
  PRODUCT_IMAGE_WIDTHS,
  photoThumbnailUrl,
  srcSet,
  thumbnailKey,
  variantKey,
  variantUrl,
} from "./images";
export {
  ACCEPTED_UPLOAD_TYPES,
  isUploadResult,
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  UPLOAD_PATH,
  UPLOAD_REQUEST_LIMIT,
  type UploadError,
  type UploadResult,
} from "./upload-rules";
export {
  ACCEPTED_SHOPPER_PHOTO_TYPES,
  checkPhotoBeforeSending,
  isShopperPhoto,
  MAX_PHOTOS_PER_REQUEST,
  MAX_SHOPPER_PHOTO_BYTES,
  SHOPPER_PHOTO_MESSAGES,
  SHOPPER_UPLOAD_PATH,
  SHOPPER_UPLOAD_REQUEST_LIMIT,
  type ShopperPhoto,
} from "./shopper-upload-rules";
