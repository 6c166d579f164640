/** Whether an account may sign in: a small pill, in words (never colour alone). */
export function AccountState({ active }: { active: boolean }) {
  return active ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800 ring-1 ring-emerald-200 ring-inset">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-emerald-600" />
      Active
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-red-800 ring-1 ring-red-200 ring-inset">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-red-600" />
      Deactivated
    </span>
  );
}
