/*
 * Shoppers' photos (a return request's pictures of the pieces, a review's of the piece worn) as the
 * browser and the server both see them. Browser-safe: the form checks the cheap rules before sending a
 * file, the server (./shopper-uploads.server.ts) enforces all of them.
 */

/** Where a signed-in shopper posts one photo per request, as multipart/form-data in the field `file`. */
export const SHOPPER_UPLOAD_PATH = "/account/uploads";

/** 8 MB: a phone camera's JPEG is 2 to 6 MB. */
export const MAX_SHOPPER_PHOTO_BYTES = 8 * 1024 * 1024;

/** The photo plus the multipart framing. */
export const SHOPPER_UPLOAD_REQUEST_LIMIT = MAX_SHOPPER_PHOTO_BYTES + 64 * 1024;

/** Photos one return request or one review may carry. */
export const MAX_PHOTOS_PER_REQUEST = 4;

/** What a shopper's photo may be, read from its bytes (HEIC is refused with its own message). */
export const ACCEPTED_SHOPPER_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const SHOPPER_PHOTO_MESSAGES = {
  noFile: "Choose a photo to add.",
  tooLarge: "That photo is over 8 MB. Please choose a smaller one.",
  invalidType: "Please add a JPEG, PNG or WebP photo.",
  heic: "HEIC photos cannot be read here. On an iPhone, choose the photo from the Photos library (it is sent as a JPEG), or take a screenshot of it.",
  tooManyPixels: "That photo is too large to read: at most 40 megapixels.",
  unreadable: "That photo could not be read. Please try another one.",
  malformed: "The photo could not be sent. Please try again.",
  signIn: "Your session has ended. Please sign in again to add photos.",
  tooMany: "You have added as many photos as we take in a day. You can send your request or review without them.",
  storeFailed: "The photo could not be saved. Please try again.",
  failed: "The photo could not be added. Please try again.",
  maxPhotos: "You can add up to 4 photos.",
  notYours: "A photo could not be attached. Please add it again.",
} as const;

/** The answer to a stored photo: `url` is what a request or review keeps (its `photos`), `thumbnailUrl` a small square. */
export interface ShopperPhoto {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

export function isShopperPhoto(value: unknown): value is ShopperPhoto {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.url === "string" &&
    typeof v.thumbnailUrl === "string" &&
    typeof v.width === "number" &&
    typeof v.height === "number"
  );
}

/** What can be told without the server: an empty file, one over 8 MB, a declared type that is no photo. */
export function checkPhotoBeforeSending(file: { size: number; type: string; name: string }): string | null {
  if (file.size === 0) return SHOPPER_PHOTO_MESSAGES.noFile;
  if (file.size > MAX_SHOPPER_PHOTO_BYTES) return SHOPPER_PHOTO_MESSAGES.tooLarge;
  const type = file.type.toLowerCase();
  if (/^image\/hei[cf]/.test(type) || /\.hei[cf]$/i.test(file.name)) return SHOPPER_PHOTO_MESSAGES.heic;
  // An empty type (some systems know no type for a name) is the server's to judge by content.
  if (type !== "" && !(ACCEPTED_SHOPPER_PHOTO_TYPES as readonly string[]).includes(type))
    return SHOPPER_PHOTO_MESSAGES.invalidType;
  return null;
}
