import { orderUpdateEmail, type EmailParts, type OrderRecipient } from "./order-update-email";
import { firstFittingSms, smsClause } from "./sms-text";

/*
 * The one request for a review sent some days after an order was delivered (pure). It links to her
 * account's reviews, where each piece has its 'Write a review' and where she can stop these requests.
 */

export type ReviewRequestInput = OrderRecipient & {
  /** the pieces still waiting for her review, by name */
  pieces: string[];
  /** absolute link to her account's reviews */
  reviewsUrl: string;
};

function piecesText(pieces: string[]): string {
  if (pieces.length === 1) return pieces[0]!;
  if (pieces.length === 2) return `${pieces[0]} and ${pieces[1]}`;
  return `${pieces[0]} and ${pieces.length - 1} more pieces`;
}

export function reviewRequestSms(input: ReviewRequestInput): string {
  const first = input.pieces[0] ?? "your order";
  return firstFittingSms([
    `Saanjh: how is your ${smsClause(first)}? A few words and a photo help other shoppers choose their size. ${input.reviewsUrl}`,
    `Saanjh: how did order ${input.orderNumber} fit? Review it here: ${input.reviewsUrl}`,
    `Saanjh: review your order: ${input.reviewsUrl}`,
  ]);
}

export function reviewRequestEmail(input: ReviewRequestInput): EmailParts {
  return orderUpdateEmail(input, {
    subject: `How is your ${input.pieces[0] ?? "order"}?`,
    preheader: "A few words and a photo help other shoppers choose.",
    title: "How did it fit?",
    lead: `We hope you are enjoying ${piecesText(input.pieces)} from order ${input.orderNumber}.`,
    paragraphs: [
      "Would you tell other shoppers how it looks and fits? Stars, a few words, the fit and a photo take a minute, and they help someone choose their size.",
      "We ask only once for each order. If you would rather not be asked again, you can turn these requests off on the same page.",
    ],
    action: { label: "Write a review", url: input.reviewsUrl },
  });
}
