/* Store credit as part of an order's payment (decision 042): the sums the page and the server share. */

/** What of an order's total the credit pays: all of the balance, never more than the total. */
export function creditFor(balancePaise: number, totalPaise: number): number {
  return Math.max(0, Math.min(balancePaise, totalPaise));
}

/** What is left to pay at the gateway or on delivery once the store credit is taken off. */
export function amountDuePaise(order: { totalPaise: number; storeCreditPaise: number }): number {
  return order.totalPaise - order.storeCreditPaise;
}

/** The payment line's words on the order summary, the success page and the invoice. */
export const PAID_WITH_STORE_CREDIT = "Paid with store credit";
