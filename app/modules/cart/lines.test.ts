import { describe, expect, it } from "vitest";
import { applyLineChange, cartIdOf, countItems, mergeLines, stockCapMessage, type CartLine } from "./lines";

const line = (productId: string, quantity: number, size = "M", colour = "Rust"): CartLine => ({
  productId,
  size,
  colour,
  quantity,
});

describe("cart lines", () => {
  it("keys a line by productId-size-colour", () => {
    expect(cartIdOf(line("p1", 1))).toBe("p1-M-Rust");
  });

  it("adds to an existing cartId, and a new size or colour is a new line", () => {
    let lines = applyLineChange([], { intent: "add", line: line("p1", 1), stock: 10 });
    lines = applyLineChange(lines, { intent: "add", line: line("p1", 2), stock: 10 });
    lines = applyLineChange(lines, { intent: "add", line: line("p1", 1, "L"), stock: 10 });
    expect(lines).toEqual([line("p1", 3), line("p1", 1, "L")]);
    expect(countItems(lines)).toBe(4);
  });

  it("caps at the stock, removes at 0 or less, clears", () => {
    const lines = [line("p1", 2), line("p2", 1)];
    expect(applyLineChange(lines, { intent: "add", line: line("p1", 5), stock: 4 })[0]!.quantity).toBe(4);
    expect(applyLineChange(lines, { intent: "update", line: line("p1", 0), quantity: 7, stock: 3 })[0]!.quantity).toBe(
      3,
    );
    expect(applyLineChange(lines, { intent: "update", line: line("p1", 0), quantity: 0 })).toEqual([line("p2", 1)]);
    expect(applyLineChange(lines, { intent: "update", line: line("p1", 0), quantity: -3 })).toEqual([line("p2", 1)]);
    expect(applyLineChange(lines, { intent: "remove", line: line("p2", 0) })).toEqual([line("p1", 2)]);
    expect(applyLineChange(lines, { intent: "clear" })).toEqual([]);
  });

  it("merges a guest cart: the same cartId adds quantities, capped at that variant's stock; unsellable lines stay out", () => {
    const stored = [line("p1", 2), line("p2", 1)];
    const guest = [line("p1", 3), line("p3", 1), line("p4", 2), line("p2", 1, "S"), line("p2", 2, "L")];
    // p2 has plenty in M, none in S and one in L: each line is capped at its own size
    const stock: Record<string, number> = {
      "p1-M-Rust": 4,
      "p2-M-Rust": 9,
      "p2-S-Rust": 0,
      "p2-L-Rust": 1,
      "p3-M-Rust": 9,
      "p4-M-Rust": 0,
    };
    expect(mergeLines(stored, guest, (l) => stock[cartIdOf(l)] ?? 0)).toEqual([
      line("p1", 4),
      line("p2", 1),
      line("p3", 1),
      line("p2", 1, "L"),
    ]);
  });

  it("words the stock cap", () => {
    expect(stockCapMessage(3, 3)).toBe("Only 3 available: your bag now has 3.");
  });
});
