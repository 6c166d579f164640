import { randomUUID } from "node:crypto";
import type { Db } from "../../app/db/client.server";
import { user } from "../../app/modules/accounts/auth-schema.server";
import { customerProfiles } from "../../app/modules/accounts/schema.server";
import { newOrderNumber } from "../../app/modules/checkout/order-number";
import { orderLines, orders, orderStatusHistory, type BillingInfo } from "../../app/modules/orders/schema.server";
import type { OrderStatus } from "../../app/modules/orders/status-display";

/*
 * Orders are written by the checkout; until then (and for tests that only read them) this
 * factory inserts them directly, consistent with the table's checks.
 */

let sequence = 0;

/** A shopper with a profile, as if registered by phone. */
export async function createTestShopper(
  db: Db,
  overrides: { phone?: string; firstName?: string; lastName?: string; email?: string } = {},
): Promise<{ id: string; phone: string; firstName: string }> {
  sequence += 1;
  const id = randomUUID();
  const phone =
    overrides.phone ?? `+9197${String(Date.now() % 1e6).padStart(6, "0")}${String(sequence % 100).padStart(2, "0")}`;
  const firstName = overrides.firstName ?? "Test";
  const lastName = overrides.lastName ?? `Shopper ${sequence}`;
  await db.insert(user).values({
    id,
    name: `${firstName} ${lastName}`,
    email: `${phone.replace(/\D/g, "")}@phone.invalid`,
    phoneNumber: phone,
    phoneNumberVerified: true,
    role: "customer",
  });
  await db.insert(customerProfiles).values({
    userId: id,
    firstName,
    lastName,
    email: overrides.email ?? `shopper${sequence}@example.com`,
    phone,
  });
  return { id, phone, firstName };
}

export interface TestOrderLine {
  name: string;
  unitPricePaise: number;
  quantity: number;
  size?: string;
  colour?: string;
  imageUrl?: string | null;
}

/** An order for `userId` with its lines and a status history ending in `status`. */
export async function createTestOrder(
  db: Db,
  userId: string,
  options: {
    status?: OrderStatus;
    lines?: TestOrderLine[];
    createdAt?: Date;
    history?: Array<{ from: OrderStatus | null; to: OrderStatus; reason?: string; at?: Date }>;
    paymentMethod?: "online" | "cod";
    orderNumber?: string;
    /** the order's contact (customer columns and billing form alike unless `billing` says otherwise) */
    email?: string;
    phone?: string;
    billing?: Partial<BillingInfo>;
    courier?: string | null;
    trackingNumber?: string | null;
    confirmedAt?: Date | null;
    cancelledAt?: Date | null;
    cancellationReason?: string | null;
  } = {},
): Promise<{ id: string; orderNumber: string; totalPaise: number }> {
  sequence += 1;
  const lines = options.lines ?? [{ name: "Indigo Cotton Kurta", unitPricePaise: 149_900, quantity: 1 }];
  const subtotal = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const shipping = subtotal > 49_900 ? 0 : 4_000;
  const status = options.status ?? "confirmed";
  const createdAt = options.createdAt ?? new Date();
  const orderNumber = options.orderNumber ?? newOrderNumber(createdAt);
  const email = options.email ?? "asha@example.com";
  const phone = options.phone ?? "+919812345678";
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber,
      userId,
      customerName: "Asha Verma",
      customerEmail: email,
      customerPhone: phone,
      billing: {
        firstName: "Asha",
        lastName: "Verma",
        email,
        phone,
        address: "12 MG Road",
        city: "Pune",
        state: "Maharashtra",
        pincode: "411001",
        country: "India",
        ...options.billing,
      },
      status,
      paymentMethod: options.paymentMethod ?? "online",
      subtotalPaise: subtotal,
      shippingPaise: shipping,
      discountPaise: 0,
      totalPaise: subtotal + shipping,
      checkoutKey: randomUUID(),
      courier: options.courier ?? null,
      trackingNumber: options.trackingNumber ?? null,
      confirmedAt:
        options.confirmedAt !== undefined ? options.confirmedAt : status === "pending_payment" ? null : createdAt,
      cancelledAt: options.cancelledAt ?? null,
      cancellationReason: options.cancellationReason ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber, totalPaise: orders.totalPaise });
  if (!order) throw new Error("order not created");
  await db.insert(orderLines).values(
    lines.map((l, i) => ({
      orderId: order.id,
      name: l.name,
      brand: "Saanjh",
      sku: `SKU-${sequence}-${i}`,
      size: l.size ?? "M",
      colour: l.colour ?? "Indigo",
      imageUrl: l.imageUrl ?? null,
      unitPricePaise: l.unitPricePaise,
      quantity: l.quantity,
      lineTotalPaise: l.unitPricePaise * l.quantity,
    })),
  );
  const history = options.history ?? [
    { from: null, to: "pending_payment" as const },
    ...(status === "pending_payment" ? [] : [{ from: "pending_payment" as const, to: status }]),
  ];
  for (const [i, h] of history.entries()) {
    await db.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: h.from,
      toStatus: h.to,
      actorKind: "system",
      reason: h.reason ?? null,
      createdAt: h.at ?? new Date(createdAt.getTime() + i * 60_000),
    });
  }
  return order;
}
