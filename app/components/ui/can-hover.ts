/*
 * Pictures that only show on hover (a card's or a collection tile's second picture) are not worth a
 * phone's data: a touch screen never hovers.
 */

/** A transparent 1x1 GIF: the picture a device that cannot hover gets instead (no request). */
export const BLANK_PICTURE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/** Whether the main pointer can hover (a mouse or a trackpad); false on the server. */
export function canHover(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(hover: hover)").matches
  );
}
