/** An order's money in paise, as stored: total = subtotal + shipping + COD fee - discount - prepaid discount. */
export interface OrderAmounts {
  subtotalPaise: number;
  shippingPaise: number;
  discountPaise: number;
  prepaidDiscountPaise: number;
  codFeePaise: number;
  totalPaise: number;
}
