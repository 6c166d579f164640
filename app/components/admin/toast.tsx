import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

/** The back office's toasts, shown for 3 s and announced to screen readers. */
const TOAST_MS = 3000;

type Tone = "success" | "error";
interface Toast {
  id: number;
  message: string;
  tone: Tone;
}

const ToastContext = createContext<(message: string, tone?: Tone) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Set<number>());
  const show = useCallback((message: string, tone: Tone = "success") => {
    const id = next.current++;
    setToasts((list) => [...list.slice(-2), { id, message, tone }]);
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      setToasts((list) => list.filter((t) => t.id !== id));
    }, TOAST_MS);
    timers.current.add(timer);
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => window.clearTimeout(t));
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 sm:right-6 sm:bottom-6 sm:left-auto sm:items-end"
        role="status"
        aria-live="polite"
      >
        {toasts.map((t) => (
          <p
            key={t.id}
            data-testid="toast"
            className={`pointer-events-auto max-w-sm px-5 py-3 text-sm shadow-lg ${t.tone === "success" ? "bg-ink text-ivory" : "bg-sale text-white"}`}
          >
            {t.message}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
