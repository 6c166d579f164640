/**
 * The accounts module's public face for code outside it that may also run in the browser. Other
 * modules, routes and components import from here (or from index.server.ts), never from the files
 * behind it, and never the module's tables (scripts/check-architecture.mjs enforces both).
 */
export {
  addressSchema,
  type AuthMode,
  authModeSchema,
  formatPhone,
  formSummary,
  INDIAN_STATES,
  MESSAGES,
  normalisePhone,
  OTP_LENGTH,
  profileSchema,
  RESEND_AFTER_SECONDS,
  safeRedirect,
  sendCodeSchema,
  SUCCESS_MESSAGE_MS,
  verifyCodeSchema,
} from "./forms";
export { hasSessionCookie } from "./session-cookie";
export { SIGN_IN_ELSEWHERE_CODE } from "./sign-in-address";
export {
  MIN_STAFF_PASSWORD_LENGTH,
  parseStaffForm,
  STAFF_MESSAGES,
  type StaffFieldErrors,
  type StaffFormValues,
} from "./staff-form";
