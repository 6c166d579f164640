import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate, useNavigation, useRevalidator, useSubmit } from "react-router";
import { useToast } from "~/components/admin/toast";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { ActivityItem } from "~/modules/audit/index.server";
import { PRODUCT_MESSAGES, type ProductForEdit } from "~/modules/catalog";
import { ConfirmDelete } from "./confirm-delete";
import { EditorForm, type SaveAnswer } from "./product-editor-form";

/*
 * The add/edit product editor: a modal <dialog> over the list at desktop widths, the whole screen on
 * a phone (showModal() traps focus and makes the list inert; Escape and the close button leave,
 * asking first when something was typed). Saving sends the whole form as JSON to the route's
 * action through a fetcher, so whatever the answer, nothing typed is lost; the server checks
 * everything again.
 */

export interface EditorData {
  product: ProductForEdit | null;
  brand: string;
  skuNumber: number | null;
  activity: ActivityItem[];
}

const DISCARD = "Discard your changes to this product?";

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <div
      className="flex h-dvh w-full flex-col bg-ivory text-ink shadow-2xl md:h-auto md:max-h-[calc(100dvh-3rem)] md:max-w-6xl"
      data-testid="product-editor"
    >
      {children}
    </div>
  );
}

/** The dialog frame shared by the editor and its 'not found' answer. */
function EditorDialog({
  titleId,
  onClose,
  children,
}: {
  titleId: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const ref = useModalDialog(true, onClose);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none items-center justify-center overflow-hidden bg-transparent p-0 backdrop:bg-ink/55 open:flex md:p-6"
    >
      <Panel>{children}</Panel>
    </dialog>
  );
}

export function ProductEditor({ product, brand, skuNumber, activity }: EditorData) {
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const navigation = useNavigation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<SaveAnswer>();
  const dirty = useRef(false);
  const handled = useRef<SaveAnswer | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const listHref = `/admin/products${location.search}`;

  const close = () => {
    if (dirty.current && !window.confirm(DISCARD)) return;
    void navigate(listHref, { preventScrollReset: true });
  };

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast(answer.created ? PRODUCT_MESSAGES.added : PRODUCT_MESSAGES.updated);
      if (answer.pictureCleanupFailed) toast(PRODUCT_MESSAGES.imageRemoveFailed, "error");
      dirty.current = false;
      void navigate(listHref, { preventScrollReset: !answer.created });
    } else {
      toast(PRODUCT_MESSAGES.saveFailed, "error");
    }
  }, [answer, toast, navigate, listHref]);

  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";

  return (
    <EditorDialog titleId={titleId} onClose={close}>
      <EditorForm
        key={product ? `${product.id}:${product.version}` : "new"}
        titleId={titleId}
        product={product}
        brand={brand}
        skuNumber={skuNumber}
        activity={activity}
        saving={fetcher.state !== "idle"}
        answer={answer && !answer.ok ? answer : undefined}
        onDirty={(d) => {
          dirty.current = d;
        }}
        // multipart: the JSON travels as it is (a URL-encoded body would grow by a third or more)
        onSave={(values) =>
          fetcher.submit(
            { intent: "save", product: JSON.stringify(values) },
            { method: "post", encType: "multipart/form-data" },
          )
        }
        onClose={close}
        onReload={() => {
          dirty.current = false;
          void revalidator.revalidate();
        }}
        reloading={revalidator.state !== "idle"}
        onDelete={() => setConfirming(true)}
      />
      {product ? (
        <ConfirmDelete
          product={confirming ? { id: product.id, name: product.values.name } : null}
          everOrdered={product.everOrdered}
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            dirty.current = false;
            void submit(
              { intent: "delete", productId: product.id },
              { method: "post", action: listHref, replace: true },
            );
          }}
        />
      ) : null}
    </EditorDialog>
  );
}

/** The editor's answer for an address that is no product (deleted, or mistyped). */
export function EditorMissing({ notFound }: { notFound: boolean }) {
  const titleId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const close = () => void navigate(`/admin/products${location.search}`);
  return (
    <EditorDialog titleId={titleId} onClose={close}>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-10 text-center md:min-h-80">
        <p className="eyebrow">{notFound ? "404" : "Error"}</p>
        <h2 id={titleId} className="font-display text-3xl">
          {notFound ? PRODUCT_MESSAGES.notFound : "The product could not be loaded"}
        </h2>
        <p className="text-sm text-stone">{notFound ? "It may have been deleted." : "Please try again."}</p>
        <button type="button" onClick={close} className="btn-primary mt-2">
          Back to products
        </button>
      </div>
    </EditorDialog>
  );
}
