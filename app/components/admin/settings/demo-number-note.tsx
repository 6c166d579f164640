import { DEMO_WHATSAPP_NOTE } from "~/modules/content";

/** Beside the WhatsApp number while it is the demo shop's made-up one: it must not reach a live shop unnoticed. */
export function DemoNumberNote() {
  return (
    <p
      role="note"
      data-testid="demo-whatsapp-note"
      className="flex items-start gap-3 border border-gold/60 bg-sand px-3.5 py-3 text-sm text-ink"
    >
      <span className="shrink-0 bg-ink px-2 py-0.5 text-[0.65rem] font-medium tracking-[0.18em] text-ivory uppercase">
        Demo
      </span>
      <span>{DEMO_WHATSAPP_NOTE}</span>
    </p>
  );
}
