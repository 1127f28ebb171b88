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

/** spec §4 'Toasts': success (title 'Success', green) and error (title 'Error', red), top-right, 3000 ms. */
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
      setToasts((current) => [...current.slice(-3), { id, tone, message }]);
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
      <div className="pointer-events-none fixed top-3 right-3 left-3 z-50 flex flex-col items-end gap-2 sm:left-auto sm:w-96">
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
