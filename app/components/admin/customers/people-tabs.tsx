import { NavLink } from "react-router";

/** The Customers tab's two lists: shoppers and, apart from them, the staff accounts. */
export function PeopleTabs() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center px-4 py-2 text-xs font-medium uppercase tracking-[0.18em] transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon ${
      isActive ? "bg-ink text-ivory" : "text-stone hover:text-ink"
    }`;
  return (
    <nav aria-label="People" className="mb-6 inline-flex border border-linen bg-white p-1">
      <NavLink to="/admin/customers" end className={tab}>
        Shoppers
      </NavLink>
      <NavLink to="/admin/customers/staff" className={tab}>
        Staff
      </NavLink>
    </nav>
  );
}
