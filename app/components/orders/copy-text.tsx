import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

/*
 * A value the shopper may want to paste elsewhere (a courier's AWB into its own site): the text,
 * selected whole by one tap, and once the page runs JavaScript a 'Copy' button beside it. Without
 * JavaScript (or a clipboard) the text is still there to select by hand.
 */
export function CopyText({ text, label, className }: { text: string; label: string; className?: string }) {
  const ready = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const value = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      // no clipboard here: select the text so the device's own copy command takes it
      const selection = window.getSelection();
      if (value.current && selection) selection.selectAllChildren(value.current);
      setState("failed");
    }
  }

  return (
    <span className={`inline-flex flex-wrap items-center gap-x-2 ${className ?? ""}`}>
      <span ref={value} className="font-medium tracking-wide break-all text-ink select-all">
        {text}
      </span>
      {ready ? (
        <>
          <button
            type="button"
            onClick={copy}
            aria-label={state === "copied" ? `Copied ${label}` : `Copy ${label}`}
            className="inline-flex min-h-6 items-center text-[0.68rem] font-medium tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-maroon hover:underline"
          >
            {state === "copied" ? "Copied" : "Copy"}
          </button>
          <span role="status" className="sr-only">
            {state === "copied"
              ? `${label} copied`
              : state === "failed"
                ? `${label} selected: copy it with your device's copy command`
                : ""}
          </span>
        </>
      ) : null}
    </span>
  );
}
