import { DEFAULT_COLOUR, DEFAULT_SIZE } from "../catalog";

/*
 * A cart as a list of lines, and the operations on it. Pure: the guest
 * cart in local storage, the optimistic view of a signed-in shopper's pending changes and the
 * tests all use these, so the rules are written once.
 */

export interface CartLine {
  productId: string;
  size: string;
  colour: string;
  quantity: number;
}

export type Variant = Pick<CartLine, "productId" | "size" | "colour">;

export const LINE_DEFAULTS = { size: DEFAULT_SIZE, colour: DEFAULT_COLOUR, quantity: 1 } as const;

/** A line's cartId: productId-size-colour. */
export function cartIdOf(line: Variant): string {
  return `${line.productId}-${line.size}-${line.colour}`;
}

export function sameVariant(a: Variant, b: Variant): boolean {
  return a.productId === b.productId && a.size === b.size && a.colour === b.colour;
}

/** A change to the cart's lines; coupons and checkout are not line changes. */
export type LineChange =
  | { intent: "add"; line: Variant & { quantity: number }; stock: number }
  | { intent: "update"; line: Variant; quantity: number; stock?: number }
  | { intent: "remove"; line: Variant }
  | { intent: "clear" };

/**
 * Applies one change. `add` raises an existing line's quantity; `update` sets it; a quantity of 0
 * or less removes the line; quantities never go above `stock` when it is known.
 */
export function applyLineChange(lines: readonly CartLine[], change: LineChange): CartLine[] {
  switch (change.intent) {
    case "clear":
      return [];
    case "remove":
      return lines.filter((l) => !sameVariant(l, change.line));
    case "update": {
      const quantity = change.stock === undefined ? change.quantity : Math.min(change.quantity, change.stock);
      if (quantity <= 0) return lines.filter((l) => !sameVariant(l, change.line));
      return lines.map((l) => (sameVariant(l, change.line) ? { ...l, quantity } : l));
    }
    case "add": {
      const existing = lines.find((l) => sameVariant(l, change.line));
      const quantity = Math.min(change.stock, (existing?.quantity ?? 0) + Math.max(1, change.line.quantity));
      if (quantity <= 0) return [...lines];
      if (existing) return lines.map((l) => (l === existing ? { ...l, quantity } : l));
      return [...lines, { ...change.line, quantity }];
    }
  }
}

/**
 * Merges a guest's lines into a stored cart on sign-in: the same cartId adds
 * quantities; `stockOf` caps each line at its own variant's stock (lines that cannot be bought are left out).
 */
export function mergeLines(
  stored: readonly CartLine[],
  guest: readonly CartLine[],
  stockOf: (line: Variant) => number,
): CartLine[] {
  let merged = stored.map((l) => ({ ...l }));
  for (const line of guest) {
    if (line.quantity <= 0) continue;
    merged = applyLineChange(merged, { intent: "add", line, stock: Math.max(0, stockOf(line)) });
  }
  return merged;
}

export function countItems(lines: ReadonlyArray<Pick<CartLine, "quantity">>): number {
  return lines.reduce((sum, l) => sum + Math.max(0, l.quantity), 0);
}

/** 'Only 3 available: your bag now has 3.' when a quantity had to be capped at the stock. */
export function stockCapMessage(stock: number, quantity: number): string {
  return `Only ${stock} available: your bag now has ${quantity}.`;
}
