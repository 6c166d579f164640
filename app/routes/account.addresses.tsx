import { readFormData } from "~/lib/http.server";
import { noStoreHeaders } from "~/lib/cache-control";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AddressBlock } from "~/components/account/account-overview";
import { AddressForm } from "~/components/account/address-form";
import { Notice } from "~/components/account/field";
import { getDb } from "~/db/client.server";
import { fieldErrors } from "~/lib/forms";
import { addressSchema, formSummary } from "~/modules/accounts";
import {
  addAddress,
  deleteAddress,
  getCustomerProfile,
  listAddresses,
  setPrimaryAddress,
  updateAddress,
} from "~/modules/accounts/index.server";
import { requireUser } from "~/modules/accounts/index.server";
import { refinePincodeState } from "~/modules/shipping";
import { lookupPincode } from "~/modules/shipping/index.server";
import { AccountBreadcrumb } from "~/components/account/account-breadcrumb";
import type { Route } from "./+types/account.addresses";

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "Address book · Saanjh" }, { name: "robots", content: "noindex" }];
}

const DONE_MESSAGES = {
  added: "Address added.",
  saved: "Address updated.",
  deleted: "Address deleted.",
  primary: "Primary address changed.",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  if (!(await getCustomerProfile(db, user.id))) throw redirect("/authentication");
  const url = new URL(request.url);
  const addresses = await listAddresses(db, user.id);
  const editing = addresses.find((a) => a.id === url.searchParams.get("edit")) ?? null;
  const done = z.enum(["added", "saved", "deleted", "primary"]).safeParse(url.searchParams.get("done"));
  return { addresses, editing, done: done.success ? DONE_MESSAGES[done.data] : null };
}

const idSchema = z.object({ id: z.uuid() });

/** The address form's rules with the pincode's state, made once (zod compiles a schema on its first use). */
const addressWithPlace = refinePincodeState(addressSchema, lookupPincode);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const form = Object.fromEntries(await readFormData(request)) as Record<string, string>;
  switch (form.intent) {
    case "save": {
      // the state must be the pincode's (either of the few in two states), as at the checkout
      const parsed = addressWithPlace.safeParse(form);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return data({ error: formSummary(errors, form), fieldErrors: errors, values: form }, 400);
      }
      if (form.id) {
        const saved = await updateAddress(db, user.id, form.id, parsed.data);
        if (!saved) return data({ error: "Address not found", fieldErrors: {}, values: form }, 404);
        throw redirect("/account/addresses?done=saved");
      }
      await addAddress(db, user.id, parsed.data);
      throw redirect("/account/addresses?done=added");
    }
    case "delete": {
      const parsed = idSchema.safeParse(form);
      if (!parsed.success || !(await deleteAddress(db, user.id, parsed.data.id))) {
        return data({ error: "Address not found", fieldErrors: {}, values: {} }, 404);
      }
      throw redirect("/account/addresses?done=deleted");
    }
    case "make-primary": {
      const parsed = idSchema.safeParse(form);
      if (!parsed.success || !(await setPrimaryAddress(db, user.id, parsed.data.id))) {
        return data({ error: "Address not found", fieldErrors: {}, values: {} }, 404);
      }
      throw redirect("/account/addresses?done=primary");
    }
  }
  return data({ error: "Unknown action", fieldErrors: {}, values: {} }, 400);
}

export default function AddressBook({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, editing, done } = loaderData;
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const values = actionData?.values && Object.keys(actionData.values).length > 0 ? actionData.values : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-8 sm:py-16">
      <AccountBreadcrumb here="Address book" />
      <h1 className="mt-6 font-display text-4xl text-ink sm:text-5xl">Address book</h1>
      <div className="mt-6 space-y-3" aria-live="polite">
        {done && !actionData?.error ? <Notice tone="success">{done}</Notice> : null}
      </div>

      <div className="mt-8 grid gap-12 lg:grid-cols-[1fr_1.1fr] lg:gap-16">
        <section aria-labelledby="saved-heading">
          <h2 id="saved-heading" className="font-display text-2xl text-ink">
            Saved addresses
          </h2>
          {addresses.length === 0 ? (
            <p className="mt-5 border border-dashed border-linen p-5 text-sm text-stone">
              No addresses yet. Add your first one.
            </p>
          ) : (
            <ul className="mt-5 space-y-4">
              {addresses.map((a) => (
                <li
                  key={a.id}
                  data-testid="address-card"
                  className={`border bg-white p-5 ${a.isPrimary ? "border-ink" : "border-linen"}`}
                >
                  {a.isPrimary ? <p className="eyebrow mb-3 text-maroon">Primary address</p> : null}
                  <AddressBlock address={a} />
                  <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-xs tracking-[0.16em] uppercase">
                    <Link
                      to={`/account/addresses?edit=${a.id}`}
                      className="text-ink underline-offset-4 hover:underline"
                      aria-label={`Edit address of ${a.fullName}, ${a.line1}`}
                    >
                      Edit
                    </Link>
                    {!a.isPrimary ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={a.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="make-primary"
                          className="tracking-[0.16em] text-ink uppercase underline-offset-4 hover:underline"
                          aria-label={`Make ${a.line1} the primary address`}
                        >
                          Make primary
                        </button>
                      </Form>
                    ) : null}
                    <Form
                      method="post"
                      onSubmit={(event) => {
                        if (!window.confirm("Delete this address?")) event.preventDefault();
                      }}
                    >
                      <input type="hidden" name="id" value={a.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        disabled={pendingIntent === "delete"}
                        className="tracking-[0.16em] text-sale uppercase underline-offset-4 hover:underline"
                        aria-label={`Delete address ${a.line1}`}
                      >
                        Delete
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="form-heading" className="border border-linen bg-white p-5 sm:p-8">
          <h2 id="form-heading" className="font-display text-2xl text-ink">
            {editing ? "Edit address" : "Add a new address"}
          </h2>
          <AddressForm
            key={editing?.id ?? "new"}
            address={editing}
            values={values}
            error={actionData?.error}
            fieldErrors={actionData?.fieldErrors}
            busy={pendingIntent === "save"}
            isFirst={addresses.length === 0}
          />
        </section>
      </div>
    </div>
  );
}
