import { describe, expect, it } from "vitest";
import { averageRating, ratingScore, REVIEW_MESSAGES, reviewerName } from "./rules";
import { readReviewForm } from "./form";
import { fitSummaryText } from "./words";

describe("the review form's rules", () => {
  const good = {
    rating: "4",
    title: "  Lovely   colour ",
    body: "Soft cotton,\r\n\r\n\r\n\r\nfits well.",
    fit: "true_to_size",
  };

  it("reads a good review, tidying spaces but keeping paragraphs", () => {
    const read = readReviewForm({ ...good, photos: ["/media/a.webp", "/media/a.webp"] });
    expect(read).toEqual({
      ok: true,
      data: {
        rating: 4,
        title: "Lovely colour",
        body: "Soft cotton,\n\nfits well.",
        fit: "true_to_size",
        photos: ["/media/a.webp"],
      },
    });
  });

  it("says what is wrong with each field at once", () => {
    const read = readReviewForm({
      rating: "6",
      title: " ",
      body: "short",
      fit: "tight",
      photos: ["1", "2", "3", "4", "5"],
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.fieldErrors).toEqual({
      rating: REVIEW_MESSAGES.rating,
      title: REVIEW_MESSAGES.title,
      body: REVIEW_MESSAGES.body,
      fit: REVIEW_MESSAGES.fit,
      photos: REVIEW_MESSAGES.photos,
    });
  });

  it("refuses a missing rating and overlong text", () => {
    const read = readReviewForm({ ...good, rating: "", title: "x".repeat(121), body: "y".repeat(2001) });
    expect(read.ok ? null : read.fieldErrors).toEqual({
      rating: REVIEW_MESSAGES.rating,
      title: REVIEW_MESSAGES.titleLong,
      body: REVIEW_MESSAGES.bodyLong,
    });
  });
});

describe("how ratings add up", () => {
  it("ranks a hundred 4.6s above one 5-star review, and ten 5s above one", () => {
    const one5 = ratingScore(5, 1)!;
    const hundred46 = ratingScore(460, 100)!;
    const ten5 = ratingScore(50, 10)!;
    expect(hundred46).toBeGreaterThan(one5);
    expect(ten5).toBeGreaterThan(one5);
    expect(hundred46).toBeGreaterThan(ten5);
    expect(ratingScore(0, 0)).toBeNull();
  });

  it("shows the plain average to one decimal", () => {
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(0, 0)).toBeNull();
  });

  it("names a buyer by first name and last initial", () => {
    expect(reviewerName("Meera  Iyer")).toBe("Meera I.");
    expect(reviewerName("Anu")).toBe("Anu");
    expect(reviewerName("  ")).toBe("A verified buyer");
  });

  it("sums up the fit once three buyers said", () => {
    expect(fitSummaryText({ runsSmall: 1, trueToSize: 1, runsLarge: 0 })).toBeNull();
    expect(fitSummaryText({ runsSmall: 1, trueToSize: 5, runsLarge: 0 })).toBe("Most buyers found it true to size");
    expect(fitSummaryText({ runsSmall: 4, trueToSize: 1, runsLarge: 0 })).toMatch(/runs small/);
    expect(fitSummaryText({ runsSmall: 2, trueToSize: 2, runsLarge: 2 })).toMatch(/divided/);
  });
});

describe("the fit, asked only of a piece bought in a size", () => {
  const told = { rating: "5", title: "Lovely", body: "Sits beautifully, lovely colour." };

  it("must be told for a sized piece", () => {
    expect(readReviewForm(told, "M")).toEqual({ ok: false, fieldErrors: { fit: REVIEW_MESSAGES.fit } });
    expect(readReviewForm({ ...told, fit: "runs_large" }, "M")).toMatchObject({
      ok: true,
      data: { fit: "runs_large" },
    });
  });

  it("is dropped for One Size", () => {
    expect(readReviewForm(told, "One Size")).toMatchObject({ ok: true, data: { fit: null } });
    expect(readReviewForm({ ...told, fit: "runs_small" }, "One Size")).toMatchObject({ ok: true, data: { fit: null } });
  });
});
