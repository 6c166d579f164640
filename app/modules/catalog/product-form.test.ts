import { describe, expect, it } from "vitest";
import {
  ADMIN_SIZES,
  addCustomColour,
  addCustomSize,
  adminListQuery,
  checkProductForm,
  emptyProductForm,
  orderSizes,
  packagePlaceholder,
  paiseToRupeesText,
  parseAdminListParams,
  parseProductFormValues,
  PRESET_COLOURS,
  PRODUCT_MESSAGES,
  productChangeSummary,
  rupeesTextToPaise,
  saveBlocker,
  skuPrefix,
  slugify,
  stockCells,
  stockField,
  stockLabel,
  stockLevel,
  type ProductFormValues,
  type ProductSnapshot,
} from "./product-form";

const picture = { key: "uploads/abc", url: "/media/uploads/abc-w800.webp", width: 800, height: 1067, alt: "" };

function filled(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  const base = { ...emptyProductForm("Saanjh"), name: "Indigo Kurta", price: "1,299", pictures: [picture] };
  const sizes = overrides.sizes ?? ["S", "M"];
  const colours = overrides.colours ?? [{ name: "Indigo", hex: "#2E3A87" }];
  return { ...base, sizes, colours, stock: stockCells(sizes, colours, []), ...overrides };
}

describe("the spec's admin constants", () => {
  it("offers sizes XS to XXXL plus Free Size and ten preset colours with their shades", () => {
    expect(ADMIN_SIZES).toEqual(["XS", "S", "M", "L", "XL", "XXL", "XXXL", "Free Size"]);
    expect(PRESET_COLOURS).toHaveLength(10);
    for (const c of PRESET_COLOURS) expect(c.hex).toMatch(/^#[0-9A-F]{6}$/);
    expect(emptyProductForm("Saanjh")).toMatchObject({ category: "sarees", isActive: true, brand: "Saanjh" });
  });

  it("colours the stock badge at the spec's thresholds: over 10 in stock, 1 to 10 low, 0 out", () => {
    expect([11, 10, 1, 0].map(stockLevel)).toEqual(["in-stock", "low", "low", "out"]);
    expect(stockLabel(0)).toBe("Out of stock");
    expect(stockLabel(25)).toBe("In stock · 25");
    expect(stockLabel(3)).toBe("Low stock · 3 left");
  });
});

describe("rupees typed into the form", () => {
  it("become whole paise without floating point", () => {
    expect(rupeesTextToPaise("1299")).toBe(129_900);
    expect(rupeesTextToPaise("1,299.50")).toBe(129_950);
    expect(rupeesTextToPaise("₹ 1,299")).toBe(129_900);
    expect(rupeesTextToPaise("1299.5")).toBe(129_950);
    expect(rupeesTextToPaise("0.29")).toBe(29);
    expect(rupeesTextToPaise("1159.07")).toBe(115_907);
  });

  it("are refused when they are not a price", () => {
    for (const bad of ["", "abc", "-5", "12.999", "1e3", "12..5", "12.5.0"])
      expect(rupeesTextToPaise(bad), bad).toBeNull();
  });

  it("are shown back as typed rupees", () => {
    expect(paiseToRupeesText(129_900)).toBe("1299");
    expect(paiseToRupeesText(129_950)).toBe("1299.50");
    expect(paiseToRupeesText(5)).toBe("0.05");
    expect(paiseToRupeesText(null)).toBe("");
  });
});

describe("custom sizes and colours", () => {
  it("adds a size only when it is not empty and not already there", () => {
    expect(addCustomSize(["S"], "   ")).toEqual({ sizes: ["S"], error: "Type a size to add" });
    expect(addCustomSize(["S", "32"], " s ")).toEqual({ sizes: ["S", "32"], error: "s is already in the list" });
    expect(addCustomSize(["S"], "  34  ")).toEqual({ sizes: ["S", "34"], error: null });
  });

  it("keeps the presets in the shop's order and custom sizes after them", () => {
    expect(orderSizes(["32", "XL", "S", "Free Size", "Petite"])).toEqual(["S", "XL", "Free Size", "32", "Petite"]);
  });

  it("adds a colour only with a name that no colour has yet", () => {
    const list = [{ name: "Indigo", hex: "#2E3A87" }];
    expect(addCustomColour(list, " ", "#112233").error).toBe("Type a colour name to add");
    expect(addCustomColour(list, "indigo", "#112233")).toEqual({
      colours: list,
      error: "indigo is already in the list",
    });
    expect(addCustomColour(list, "Peacock  Blue", "#1a5f7a")).toEqual({
      colours: [...list, { name: "Peacock Blue", hex: "#1A5F7A" }],
      error: null,
    });
  });
});

describe("the stock grid", () => {
  it("is One Size / Default when the product has no sizes or colours", () => {
    expect(stockCells([], [], [])).toEqual([{ size: "One Size", colour: "Default", stock: "0", was: null }]);
  });

  it("is every size x colour, colour by colour, keeping what was typed", () => {
    const colours = [
      { name: "Indigo", hex: "#2E3A87" },
      { name: "Rust", hex: "#B4532A" },
    ];
    const before = stockCells(["S", "M"], colours.slice(0, 1), []).map((c) =>
      c.size === "M" ? { ...c, stock: "7", was: 4 } : c,
    );
    const after = stockCells(["S", "M", "L"], colours, before);
    expect(after.map((c) => `${c.size}/${c.colour}=${c.stock}`)).toEqual([
      "S/Indigo=0",
      "M/Indigo=7",
      "L/Indigo=0",
      "S/Rust=0",
      "M/Rust=0",
      "L/Rust=0",
    ]);
    expect(after[1]).toMatchObject({ was: 4 });
  });
});

describe("checking the form (the browser and the server alike)", () => {
  it("asks for the required fields first", () => {
    const result = checkProductForm({ ...filled(), name: "  ", price: "" });
    expect(result).toMatchObject({
      ok: false,
      formError: PRODUCT_MESSAGES.required,
      fieldErrors: { name: "Enter the product name", price: "Enter the price" },
    });
  });

  it("asks for at least one picture", () => {
    expect(checkProductForm(filled({ pictures: [] }))).toMatchObject({
      ok: false,
      formError: "Please upload at least one image",
    });
  });

  it("wants the original price above the price, or empty", () => {
    expect(checkProductForm(filled({ originalPrice: "1299" }))).toMatchObject({
      ok: false,
      fieldErrors: { originalPrice: "The original price must be above the price, or empty" },
    });
    expect(checkProductForm(filled({ originalPrice: "" }))).toMatchObject({
      ok: true,
      draft: { originalPricePaise: null },
    });
    expect(checkProductForm(filled({ originalPrice: "1599.99" }))).toMatchObject({
      ok: true,
      draft: { originalPricePaise: 159_999 },
    });
  });

  it("refuses a price that is not rupees, a stock that is not whole, an unknown category", () => {
    const stock = stockCells(["S", "M"], [{ name: "Indigo", hex: "#2E3A87" }], []).map((c) =>
      c.size === "M" ? { ...c, stock: "2.5" } : c,
    );
    const result = checkProductForm(filled({ price: "12,99.999", stock, category: "hats" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.price).toBe("Enter a price in rupees, like 1299 or 1299.50");
    expect(result.fieldErrors[stockField("M", "Indigo")]).toBe("Stock must be a whole number, 0 or more");
    expect(result.fieldErrors.category).toBe("Choose a category");
    expect(result.formError).toBe("Please correct the highlighted fields");
  });

  it("refuses a grid that is not the product's sizes x colours (a cell missing is not 0)", () => {
    const result = checkProductForm(filled({ stock: [{ size: "S", colour: "Indigo", stock: "3" }] }));
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { [stockField("M", "Indigo")]: "Stock must be a whole number, 0 or more" },
    });
  });

  it("refuses repeated sizes or colours that slipped past the pickers", () => {
    expect(checkProductForm(filled({ sizes: ["M", "m"] })).ok).toBe(false);
    expect(
      checkProductForm(
        filled({
          colours: [
            { name: "Rust", hex: "#B4532A" },
            { name: "rust", hex: "#B4532A" },
          ],
        }),
      ).ok,
    ).toBe(false);
  });

  it("gives the server a draft in paise with trimmed text and whole stock", () => {
    const stock = stockCells(["S", "M"], [{ name: "Indigo", hex: "#2e3a87" }], []).map((c) => ({
      ...c,
      stock: c.size === "S" ? "4" : "0",
    }));
    const result = checkProductForm(
      filled({
        name: "  Indigo   Kurta ",
        badge: "  ",
        material: " Cotton ",
        colours: [{ name: "Indigo", hex: "#2e3a87" }],
        stock,
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      draft: {
        name: "Indigo Kurta",
        pricePaise: 129_900,
        badge: null,
        material: "Cotton",
        colours: [{ name: "Indigo", hex: "#2E3A87" }],
        stock: [
          { size: "S", colour: "Indigo", stock: 4 },
          { size: "M", colour: "Indigo", stock: 0 },
        ],
        pictures: [{ key: "uploads/abc", alt: "" }],
      },
    });
  });

  it("disables saving while required fields are missing, pictures upload, or none is there", () => {
    expect(saveBlocker({ ...filled(), name: "" }, false)).toBe("Please fill in all required fields");
    expect(saveBlocker(filled(), true)).toBe("Please wait until every picture has uploaded");
    expect(saveBlocker(filled({ pictures: [] }), false)).toBe("Please upload at least one image");
    expect(saveBlocker(filled(), false)).toBeNull();
  });

  it("reads only the form's own shape from the request", () => {
    expect(parseProductFormValues(JSON.stringify(filled()))).toMatchObject({ name: "Indigo Kurta" });
    expect(parseProductFormValues("{not json")).toBeNull();
    expect(parseProductFormValues(JSON.stringify({ ...filled(), isActive: "yes" }))).toBeNull();
    expect(parseProductFormValues(JSON.stringify({ ...filled(), pictures: [{ key: "x" }] }))).toBeNull();
  });
});

describe("the list's address", () => {
  it("falls back to defaults for anything it cannot read", () => {
    expect(
      parseAdminListParams(new URLSearchParams("search=%20kurta%20&category=hats&status=gone&view=list&page=-2")),
    ).toEqual({
      search: "kurta",
      category: "",
      status: "",
      view: "grid",
      page: 1,
    });
    expect(parseAdminListParams(new URLSearchParams("category=sarees&status=inactive&view=table&page=3"))).toEqual({
      search: "",
      category: "sarees",
      status: "inactive",
      view: "table",
      page: 3,
    });
  });

  it("leaves defaults out of links", () => {
    expect(adminListQuery({ search: "silk saree", view: "grid", page: 1 })).toBe("?search=silk+saree");
    expect(adminListQuery({ category: "kurtas", status: "active", view: "table", page: 2 })).toBe(
      "?category=kurtas&status=active&view=table&page=2",
    );
    expect(adminListQuery({})).toBe("");
  });
});

describe("names the server makes", () => {
  it("takes the SKU's prefix from the category, as the demo catalogue does", () => {
    expect(skuPrefix("sarees")).toBe("SAR");
    expect(skuPrefix("short-kurtis")).toBe("SHOKUR");
    expect(skuPrefix("co-ords")).toBe("COORD");
  });

  it("makes an address name from the product name", () => {
    expect(slugify("Neel Dābu Print Cotton Kurta!")).toBe("neel-dabu-print-cotton-kurta");
    expect(slugify("Jhumkas & Chandbalis")).toBe("jhumkas-and-chandbalis");
    expect(slugify("!!!")).toBe("product");
  });
});

describe("the audit line of an edit", () => {
  const before: ProductSnapshot = {
    name: "Indigo Kurta",
    brand: "Saanjh",
    pricePaise: 129_900,
    originalPricePaise: null,
    category: "kurtas",
    description: "",
    details: "",
    badge: null,
    material: null,
    fabric: null,
    fit: null,
    care: null,
    type: null,
    occasions: [],
    isActive: true,
    sizes: ["M"],
    colours: [{ name: "Indigo", hex: "#2E3A87" }],
    stock: [{ size: "M", colour: "Indigo", stock: 4 }],
    pictures: [{ key: "a", alt: "Front" }],
    packageWeightGrams: null,
    packageLengthCm: null,
    packageBreadthCm: null,
    packageHeightCm: null,
    fitAdviceEnabled: true,
  };

  it("says what changed, briefly", () => {
    expect(
      productChangeSummary(before, {
        ...before,
        pricePaise: 119_900,
        stock: [{ size: "M", colour: "Indigo", stock: 10 }],
      }),
    ).toBe("Price ₹1,299 → ₹1,199; stock M/Indigo 4 → 10");
    expect(
      productChangeSummary(before, {
        ...before,
        isActive: false,
        sizes: ["M", "L"],
        stock: [...before.stock, { size: "L", colour: "Indigo", stock: 2 }],
      }),
    ).toBe("Made inactive; Sizes M → M, L; stock L/Indigo new 2");
    expect(
      productChangeSummary(before, {
        ...before,
        pictures: [...before.pictures, { key: "b", alt: "" }],
        details: "Long story",
      }),
    ).toBe("Pictures 1 → 2; Edited details");
    expect(productChangeSummary(before, before)).toBe("Saved without changes");
  });

  it("names the packed size's parts that changed, and the category default they were or become", () => {
    expect(productChangeSummary(before, { ...before, packageWeightGrams: 1_200, packageHeightCm: 6 })).toBe(
      "Packed weight default → 1,200 g; Packed height default → 6 cm",
    );
    expect(
      productChangeSummary(
        { ...before, packageLengthCm: 40 },
        { ...before, packageLengthCm: null, packageBreadthCm: 30 },
      ),
    ).toBe("Packed length 40 cm → default; Packed breadth default → 30 cm");
  });
});

describe("the packed size (the editor's Shipping section)", () => {
  it("is empty on a new product: every part takes the category's default", () => {
    expect(emptyProductForm("Saanjh")).toMatchObject({
      packageWeight: "",
      packageLength: "",
      packageBreadth: "",
      packageHeight: "",
    });
    expect(checkProductForm(filled())).toMatchObject({
      ok: true,
      draft: { packageWeightGrams: null, packageLengthCm: null, packageBreadthCm: null, packageHeightCm: null },
    });
  });

  it("shows the category's default as each field's placeholder", () => {
    expect(packagePlaceholder("kurtas", "packageWeight")).toBe("Default for Kurtas: 450 g");
    expect(packagePlaceholder("kurtas", "packageLength")).toBe("Default for Kurtas: 32 cm");
    expect(packagePlaceholder("lehengas", "packageWeight")).toBe("Default for Lehengas: 1,800 g");
    expect(packagePlaceholder("short-kurtis", "packageHeight")).toBe("Default for Short Kurtis: 3 cm");
  });

  it("keeps whole grams and centimetres, read as people type them", () => {
    const result = checkProductForm(
      filled({ packageWeight: " 1,250 g ", packageLength: "40", packageBreadth: "30 cm", packageHeight: "  " }),
    );
    expect(result).toMatchObject({
      ok: true,
      draft: { packageWeightGrams: 1_250, packageLengthCm: 40, packageBreadthCm: 30, packageHeightCm: null },
    });
    expect(checkProductForm(filled({ packageWeight: "100000", packageHeight: "500" }))).toMatchObject({
      ok: true,
      draft: { packageWeightGrams: 100_000, packageHeightCm: 500 },
    });
  });

  it("refuses what the courier could not take, with a message on each field and the form's one line", () => {
    const weight = "Enter the weight in whole grams, from 1 to 1,00,000, or leave it empty for the category default";
    const length = "Enter the length in whole centimetres, from 1 to 500, or leave it empty for the category default";
    const breadth = "Enter the breadth in whole centimetres, from 1 to 500, or leave it empty for the category default";
    const height = "Enter the height in whole centimetres, from 1 to 500, or leave it empty for the category default";
    for (const [field, typed, message] of [
      ["packageWeight", "0", weight],
      ["packageWeight", "100001", weight],
      ["packageWeight", "1.5 kg", weight],
      ["packageWeight", "450.5", weight],
      ["packageLength", "501", length],
      ["packageLength", "-3", length],
      ["packageBreadth", "abc", breadth],
      ["packageHeight", "2 m", height],
    ] as const) {
      const result = checkProductForm(filled({ [field]: typed }));
      expect(result, `${field} ${typed}`).toEqual({ ok: false, formError: message, fieldErrors: { [field]: message } });
    }
    const all = checkProductForm(
      filled({ packageWeight: "0", packageLength: "x", packageBreadth: "0", packageHeight: "999" }),
    );
    expect(all).toMatchObject({
      ok: false,
      formError: "Please correct the highlighted fields",
      fieldErrors: { packageWeight: weight, packageLength: length, packageBreadth: breadth, packageHeight: height },
    });
  });

  it("is part of the form's shape: a request without it is not the editor's", () => {
    const { packageWeight: _gone, ...rest } = filled();
    expect(parseProductFormValues(JSON.stringify(rest))).toBeNull();
    expect(parseProductFormValues(JSON.stringify(filled({ packageWeight: "600" })))).toMatchObject({
      packageWeight: "600",
    });
  });
});

describe("the fit advice switch (the editor's 'Show fit advice from returns')", () => {
  it("is on for a new product and saved as it is set", () => {
    expect(emptyProductForm("Saanjh").fitAdviceEnabled).toBe(true);
    expect(checkProductForm(filled({ fitAdviceEnabled: false }))).toMatchObject({
      ok: true,
      draft: { fitAdviceEnabled: false },
    });
  });

  it("is part of the form's shape, a true or false, and named in the audit line when it changes", () => {
    const { fitAdviceEnabled: _gone, ...rest } = filled();
    expect(parseProductFormValues(JSON.stringify(rest))).toBeNull();
    expect(parseProductFormValues(JSON.stringify({ ...filled(), fitAdviceEnabled: "no" }))).toBeNull();
    const draft = checkProductForm(filled());
    if (!draft.ok) throw new Error("the filled form should pass");
    const { version: _version, ...before } = draft.draft;
    expect(productChangeSummary(before, { ...before, fitAdviceEnabled: false })).toBe("Fit advice hidden");
    expect(productChangeSummary({ ...before, fitAdviceEnabled: false }, before)).toBe("Fit advice shown");
  });
});
