import { processSingleton } from "../../lib/process-singleton";
import { takeTurns, type Turns } from "../../lib/turns.server";

/**
 * Orders are placed a few at a time in a process (decision 053): the database does them one after
 * another on a hot piece's row anyway, and a sale's hundreds of checkouts at one moment would otherwise
 * fill the database pool's queue, so that every page render's queries waited behind all of theirs.
 */
export const CHECKOUTS_AT_ONCE = 8;

/** This process's checkouts' turns (the checkout route's action runs in them). */
export function checkoutTurns(): Turns {
  return processSingleton("checkoutTurns", () => takeTurns(CHECKOUTS_AT_ONCE));
}

/** Whether shoppers are waiting for their turn to place an order here: background work can wait (decision 055). */
export function shoppersWaitingToOrder(): boolean {
  return checkoutTurns().stats().waiting > 0;
}
