import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/admin/list-parts";
import { useToast } from "~/components/admin/toast";
import type { StaffMember } from "~/modules/accounts/index.server";
import type { ActivityItem } from "~/modules/audit/index.server";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { AddStaffForm } from "./add-staff-form";
import { formatDay, formatDayTime } from "./format";
import { PeopleTabs } from "./people-tabs";

type RemoveAnswer =
  { intent: "remove"; ok: true; message: string; self: boolean } | { intent: "remove"; ok: false; message: string };

/** The staff accounts, apart from the shoppers: owners may add and remove; everyone else reads. */
export function StaffPage({
  members,
  viewerIsOwner,
  viewerId,
  activity,
}: {
  members: StaffMember[];
  viewerIsOwner: boolean;
  viewerId: string;
  activity: ActivityItem[];
}) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const remover = useFetcher<RemoveAnswer>();
  const toast = useToast();
  const shown = useRef<RemoveAnswer | undefined>(undefined);
  const owners = members.filter((m) => m.isOwner).length;

  useEffect(() => {
    const answer = remover.data;
    if (!answer || shown.current === answer || remover.state !== "idle") return;
    shown.current = answer;
    setRemoving(null);
    toast(answer.message, answer.ok ? "success" : "error");
  }, [remover.data, remover.state, toast]);

  return (
    <>
      <AdminPageHeader eyebrow="People" title="Staff">
        {viewerIsOwner ? (
          <button
            type="button"
            className="btn-primary self-start sm:self-auto"
            aria-expanded={adding}
            aria-controls="add-staff"
            onClick={() => setAdding((a) => !a)}
          >
            {adding ? "Close" : "Add staff member"}
          </button>
        ) : null}
      </AdminPageHeader>
      <PeopleTabs />
      {viewerIsOwner ? null : <p className="mb-6 text-sm text-stone">Only an owner can add or remove staff.</p>}
      {viewerIsOwner && adding ? <AddStaffForm onAdded={() => setAdding(false)} /> : null}

      <ul aria-label="Staff accounts" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {members.map((m) => (
          <StaffCard
            key={m.id}
            member={m}
            isViewer={m.id === viewerId}
            lastOwner={m.isOwner && owners <= 1}
            canRemove={viewerIsOwner}
            onRemove={() => setRemoving(m)}
          />
        ))}
      </ul>

      {activity.length > 0 ? <StaffActivity activity={activity} /> : null}

      <ConfirmDialog
        open={removing !== null}
        eyebrow="Remove staff member"
        title="Remove this staff member?"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remover.state !== "idle"}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remover.submit({ intent: "remove", userId: removing.id }, { method: "post" })}
      >
        {removing ? (
          <>
            <p className="font-medium text-ink">
              {removing.name} · {removing.email}
            </p>
            <p>
              {removing.id === viewerId
                ? "This is your own account: you are signed out at once and can no longer use the back office."
                : "Their account is deleted: they are signed out at once and can no longer use the back office. The activity log keeps their name."}
            </p>
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** A staff member: name (marked when it is the viewer), e-mail, role, who added them, and Remove for owners. */
function StaffCard({
  member,
  isViewer,
  lastOwner,
  canRemove,
  onRemove,
}: {
  member: StaffMember;
  isViewer: boolean;
  /** the only owner left, who cannot be removed */
  lastOwner: boolean;
  canRemove: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-col border border-linen bg-white p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">
            {member.name}
            {isViewer ? <span className="ml-2 text-xs font-normal text-stone">(you)</span> : null}
          </p>
          <p className="truncate text-sm text-stone">{member.email}</p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${member.isOwner ? "bg-amber-50 text-amber-900 ring-amber-200" : "bg-sand/60 text-stone ring-linen"}`}
        >
          {member.isOwner ? "Owner" : "Staff"}
        </span>
      </div>
      <p className="mt-4 text-xs text-stone">
        Added {formatDay(member.addedAt)}
        {member.addedByName
          ? ` by ${member.addedByName}`
          : member.addedById
            ? " by a former staff member"
            : " at set-up"}
      </p>
      {canRemove ? (
        <div className="mt-4 border-t border-linen/70 pt-4">
          {lastOwner ? (
            <p className="text-xs text-stone">The last owner cannot be removed.</p>
          ) : (
            <button
              type="button"
              onClick={onRemove}
              className="text-sm font-medium text-sale underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
              aria-label={`Remove ${member.name}`}
            >
              Remove
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** Who added or removed staff, newest first. */
function StaffActivity({ activity }: { activity: ActivityItem[] }) {
  return (
    <section aria-label="Recent staff changes" className="mt-10 border border-linen bg-white p-5 sm:p-6">
      <h2 className="mb-4 text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">Recent staff changes</h2>
      <ul className="space-y-3 text-sm">
        {activity.map((a) => (
          <li key={a.id}>
            <p className="break-words text-ink">{a.summary}</p>
            <p className="text-xs text-stone">
              {a.actorName} · {formatDayTime(a.at)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
