/** The dashboard's words that tests and the server share. */
export const DASHBOARD_ERROR = "Error loading dashboard data";
export const NO_ORDERS = "No orders found";
