import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useToast } from "~/components/admin/toast";
import { StatusFormError } from "./orders/status-fields";

/*
 * One staff form posted through a fetcher (a return's step, a review's moderation): the answer is
 * shown once as a toast, and a refusal is kept beside the form. A refusal never resets the form, so
 * what was typed stays; when someone else changed the record meanwhile, 'Reload the latest' fetches
 * it and keeps the text.
 */

/** What such a form's action answers: its word, or its refusal with the fields' own messages. */
export type StaffActionAnswer =
  | { ok: true; message: string }
  | {
      ok: false;
      formError: string;
      fieldErrors: Partial<Record<string, string>>;
      /** the record changed since the page was loaded */
      conflict?: boolean;
    };

export function useActionAnswer<Answer extends StaffActionAnswer>(onDone?: () => void) {
  const fetcher = useFetcher<Answer>();
  const toast = useToast();
  // read as soon as it arrives, while the page reloads: a record that leaves its list takes its form
  // with it, and the toast must still say what happened
  const answer = fetcher.state === "submitting" ? undefined : (fetcher.data as Answer | undefined);
  const handled = useRef<Answer | undefined>(undefined);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast(answer.message);
      done.current?.();
    } else toast(answer.formError, "error");
  }, [answer, toast]);
  const failed = answer && !answer.ok ? (answer as Extract<Answer, { ok: false }>) : null;
  return { fetcher, busy: fetcher.state !== "idle", failed };
}

/** The form's refusal (not a field's: that one shows under its field), with 'Reload' after a conflict. */
export function ActionError({ failed }: { failed: Extract<StaffActionAnswer, { ok: false }> | null }) {
  const revalidator = useRevalidator();
  if (!failed || Object.keys(failed.fieldErrors).length > 0) return null;
  return (
    <StatusFormError
      message={failed.formError}
      conflict={Boolean(failed.conflict)}
      reloading={revalidator.state !== "idle"}
      onReload={() => void revalidator.revalidate()}
    />
  );
}
