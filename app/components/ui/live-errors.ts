/*
 * Which message each field of a form shows, as the shopper types: the rule of a form that checks
 * with the same schema as its server action (pure, so it is tested on its own: live-errors.test.ts).
 *
 * - No message before the shopper has left a field she changed, chosen from a list, or submitted.
 * - From then on a field's message follows its value: it changes as the value does and goes away
 *   as soon as the value is valid, without waiting for the next submit.
 * - A message only the server could give (the browser's check finds the value it was given valid)
 *   stays until the shopper changes that field, or a field it depends on.
 */

export type FieldErrors = Record<string, string>;
export type FormValues = Record<string, string>;

export interface LiveErrorsState {
  /** fields whose message may show */
  shown: ReadonlySet<string>;
  /** fields the shopper changed since the last answer of the server */
  edited: ReadonlySet<string>;
  /** the server's messages that the browser's check does not give for the values sent */
  serverOnly: FieldErrors;
  /** the form's values as last read (the browser's check of them decides the messages) */
  values: FormValues;
}

export type Check = (values: FormValues) => FieldErrors;

/** The state right after the page loads or the server answers: its messages show, for the values it was sent. */
export function initialLiveErrors(
  check: Check,
  server: FieldErrors | undefined,
  sent: FormValues | undefined,
): LiveErrorsState {
  const messages = server ?? {};
  const client = sent ? check(sent) : {};
  const serverOnly: FieldErrors = {};
  for (const [field, message] of Object.entries(messages)) if (client[field] === undefined) serverOnly[field] = message;
  return { shown: new Set(Object.keys(messages)), edited: new Set(), serverOnly, values: sent ?? {} };
}

/** The messages to show now, given the browser's check of the values now in the form. */
export function visibleErrors(state: LiveErrorsState, client: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const field of state.shown) {
    const message = client[field] ?? (state.edited.has(field) ? undefined : state.serverOnly[field]);
    if (message !== undefined) out[field] = message;
  }
  return out;
}

/**
 * The shopper changed `field` by hand, and the form now holds `values`; a choice (a list, a box, a
 * button) counts as leaving the field at once. `dependents` are the fields whose server message this
 * change answers too (a state checked against the pincode).
 */
export function edit(
  state: LiveErrorsState,
  field: string,
  values: FormValues,
  options: { chosen: boolean; dependents?: readonly string[] },
): LiveErrorsState {
  const edited = new Set(state.edited).add(field);
  for (const other of options.dependents ?? []) edited.add(other);
  const shown = options.chosen ? new Set(state.shown).add(field) : state.shown;
  return { ...state, edited, shown, values };
}

/** The shopper left `field`: its message shows from now on if she had changed it. */
export function leave(state: LiveErrorsState, field: string): LiveErrorsState {
  if (!state.edited.has(field) || state.shown.has(field)) return state;
  return { ...state, shown: new Set(state.shown).add(field) };
}

/** A submit of `values`: every message the check gives for them shows. */
export function submitAll(state: LiveErrorsState, check: Check, values: FormValues): LiveErrorsState {
  const shown = new Set(state.shown);
  for (const field of Object.keys(check(values))) shown.add(field);
  return { ...state, shown, values };
}
