/**
 * The accounts module's public face for server code outside it (loaders, actions, other modules'
 * server files). Browser-safe names are in index.ts. Nothing here may reach a browser bundle.
 */
export { type Auth, createAuth, CUSTOMER_ROLE, STAFF_ROLE } from "./auth.server";
export {
  type CustomerAccount,
  findCustomerAccount,
  lockCustomerAccount,
  setAccountBan,
} from "./customer-accounts.server";
export {
  addAddress,
  completeRegistration,
  deleteAddress,
  getCustomerProfile,
  listAddresses,
  setPrimaryAddress,
  updateAddress,
  updateProfile,
} from "./profile.server";
export { currentSession, endSession, getAuth, getSessionUser, handleAuthRequest, requireUser } from "./session.server";
export { signInAddressRefusal } from "./sign-in-address.server";
export { sendSignInCode, signOut, verifySignInCode } from "./sign-in.server";
export { ensureDemoShopper } from "./demo-shopper.server";
export { removeUnfinishedSignUps } from "./sign-ups.server";
export { consoleSmsProvider, readOutbox, type SmsProvider, smsProviderFor } from "./sms.server";
export {
  createStaffAccount,
  isStaffOwner,
  listStaffMembers,
  removeStaffAccount,
  setStaffPassword,
  staffInputSchema,
  type StaffMember,
} from "./staff.server";
