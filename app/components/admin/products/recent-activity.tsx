import type { ActivityItem } from "~/modules/audit/index.server";

/** Shop time, the same on the server's render and in the browser. */
const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

const ACTIONS: Record<string, string> = { create: "Added", update: "Edited", archive: "Archived", delete: "Deleted" };

/** The product's 'Recent activity': its audit rows, newest first. */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  if (items.length === 0) return <p className="text-sm text-stone">No changes recorded yet.</p>;
  return (
    <ol className="space-y-3" data-testid="recent-activity">
      {items.map((item) => (
        <li key={item.id} className="border-l-2 border-gold/60 pl-4">
          <p className="text-sm text-ink">{item.summary}</p>
          <p className="mt-0.5 text-xs text-stone">
            {ACTIONS[item.action] ?? item.action} by {item.actorName} ·{" "}
            <time dateTime={item.at}>{when.format(new Date(item.at))}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
