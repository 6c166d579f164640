/**
 * The messages module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export { emailProviderFor, readEmailOutbox } from "./email.server";
export { type OrderMessageInput, queueOrderConfirmation } from "./order-messages.server";
export {
  type CancelledPayment,
  type CodConfirmationInput,
  type DeliveryFailedInput,
  queueCodConfirmation,
  type OutForDeliveryInput,
  queueDeliveryFailed,
  queueOutForDelivery,
  type OrderCancelledInput,
  type OrderRecipient,
  queueOrderCancelled,
  queueOrderDelivered,
  queueOrderShipped,
  queueRefundIssued,
  queueRefundProcessed,
} from "./order-updates.server";
export { queueReviewRequest, type ReviewRequestInput } from "./review-requests.server";
export { queueReturnUpdate, type ReturnStep, type ReturnUpdateInput } from "./return-updates.server";
export { deliverDueMessages, kickOutbox, queueMessages, startOutboxWorker, stopOutboxWorker } from "./outbox.server";
