import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

type Tone = 'success' | 'error';
interface Toast {
  id: number;
  tone: Tone;
  message: string;
}

interface Toaster {
  success(message: string): void;
  error(message: string): void;
}

const ToasterContext = createContext<Toaster | null>(null);

/**
 * spec §4 'Toasts': success (title 'Success', green) and error (title 'Error', red), 3000 ms. Not top-right as the
 * portal's are: in the console a toast follows a save, made with the form scrolled into view, and a top toast sat on
 * the fields above the button just pressed (issue 14 part 2 screenshots). So they sit at the bottom, inside the
 * phone's safe area, and from lg up over the section menu's column, beside the form and never on it.
 */
export const TOAST_MS = 3000;

export function ToasterProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (tone: Tone, message: string) => {
      const id = nextId.current++;
      // A success says what the record is now: an older success (created, then approved, then switched on) is stale
      // and only stacks up over the page. Errors stay until they time out or are dismissed.
      setToasts((current) => [...current.filter((toast) => tone === 'error' || toast.tone === 'error').slice(-3), { id, tone, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const toaster = useMemo<Toaster>(
    () => ({ success: (message) => show('success', message), error: (message) => show('error', message) }),
    [show],
  );

  return (
    <ToasterContext.Provider value={toaster}>
      {children}
      {/* lg: the section menu's column (w-52 inside the max-w-7xl, px-4 layout of provider-console.tsx). */}
      <div className="pointer-events-none fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-50 flex flex-col gap-2 sm:right-auto sm:w-96 lg:left-[max(1rem,calc((100vw-80rem)/2+1rem))] lg:w-52">
        {/* Two live regions: errors interrupt a screen reader, successes wait their turn. */}
        <div role="alert" className="contents">
          {toasts.filter((toast) => toast.tone === 'error').map((toast) => (
            <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div role="status" className="contents">
          {toasts.filter((toast) => toast.tone === 'success').map((toast) => (
            <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToasterContext.Provider>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const success = toast.tone === 'success';
  return (
    <div
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg px-4 py-3 text-sm text-white shadow-lg ${success ? 'bg-green-700' : 'bg-red-700'}`}
    >
      <div className="min-w-0 flex-1 leading-snug">
        <p className="font-semibold">{success ? 'Success' : 'Error'}</p>
        <p className="break-words">{toast.message}</p>
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="-m-1 rounded p-1 text-white/90 hover:text-white"
        aria-label="Dismiss notification"
      >
        ✕
      </button>
    </div>
  );
}

export function useToaster(): Toaster {
  const toaster = useContext(ToasterContext);
  if (!toaster) throw new Error('useToaster needs a ToasterProvider above it');
  return toaster;
}
