/** The dashboard's words that tests and the server share (spec sections 2 and 6). */
export const DASHBOARD_ERROR = "Error loading dashboard data";
export const NO_ORDERS = "No orders found";
