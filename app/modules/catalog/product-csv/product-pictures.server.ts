import { storedForm } from "./addresses.server";
import type { ImportContext, PictureRef, PictureState } from "./plan-types.server";
import type { PictureLookup } from "./shop.server";

export type PlannedPictures = { ok: true; refs: PictureRef[] } | { ok: false; errors: string[] };

/**
 * A product's pictures after the import: its own when the file gives none, else the file's list, each
 * the product's own picture or an upload of this shop that no product has taken (by the importer).
 */
export function planPictures(
  given: string[] | null,
  currentImages: readonly PictureState[],
  lookup: PictureLookup,
  ctx: ImportContext,
): PlannedPictures {
  if (!given) return { ok: true, refs: currentImages.map((i) => ({ ...i, fresh: false })) };
  const own = new Map(currentImages.map((i) => [storedForm(i.url, ctx.baseUrl) ?? i.url, i]));
  const refs: PictureRef[] = [];
  const pictureErrors: string[] = [];
  given.forEach((address, n) => {
    const form = storedForm(address, ctx.baseUrl);
    const mine = form ? own.get(form) : undefined;
    const upload = form ? lookup.uploads.get(form) : undefined;
    const taken = form ? lookup.taken.get(form) : undefined;
    if (mine) refs.push({ ...mine, fresh: false });
    else if (taken)
      pictureErrors.push(
        `Picture ${n + 1} (${address}) is another product's picture; a picture belongs to one product.`,
      );
    else if (upload && upload.uploadedBy === ctx.staffId)
      refs.push({
        key: upload.key,
        url: upload.url,
        width: upload.width,
        height: upload.height,
        alt: "",
        fresh: true,
      });
    else if (upload)
      pictureErrors.push(
        `Picture ${n + 1} (${address}) was uploaded by someone else; upload it yourself in the product editor.`,
      );
    else
      pictureErrors.push(
        `Picture ${n + 1} (${address}) is not a picture of this shop: upload it in the product editor first, then use the address it gets.`,
      );
  });
  if (new Set(refs.map((r) => r.key)).size !== refs.length)
    pictureErrors.push("A picture is in the Pictures cell twice.");
  if (pictureErrors.length > 0) return { ok: false, errors: pictureErrors };
  return { ok: true, refs };
}
