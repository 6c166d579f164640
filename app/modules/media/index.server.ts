/**
 * The media module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export { startUploadSweep, stopUploadSweep } from "./cleanup.server";
export { storeResponsivePicture } from "./process.server";
export { loadSharp } from "./sharp.server";
export {
  claimShopperPhotos,
  receiveShopperPhoto,
  releaseShopperPhotos,
  type ShopperPhotoAnswer,
} from "./shopper-uploads.server";
export { isS3Storage, s3Storage } from "./s3-storage.server";
export { localDiskStorage, type MediaStorage } from "./storage.server";
export {
  claimUploads,
  receivePictureUpload,
  removeStoredPictures,
  unattachedStaffUploadsByKey,
  type UnattachedUpload,
  unattachedUploadsByUrl,
  UploadClaimError,
} from "./upload.server";
