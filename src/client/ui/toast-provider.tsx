import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { TOAST_FADE_MS, toastDuration } from './toast-timing.ts';
import type { ToastInput, ToastSlot } from './toast-types.ts';
import { TOAST_ANCHOR_ID, ToastViewport } from './toast-viewport.tsx';

export type { ShownToast, ToastInput, ToastSlot, ToastVariant } from './toast-types.ts';

interface ToastApi {
  /** Shows a toast, replacing the current one; returns its id. */
  toast: (input: ToastInput) => number;
  /** Starts the fade of the current toast (or of the one with this id). */
  dismiss: (id?: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<ToastSlot>(null);
  const nextId = useRef(1);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setSlot({
      toast: {
        id,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
        duration: toastDuration(input.duration),
      },
      phase: 'open',
    });
    return id;
  }, []);

  const dismiss = useCallback((id?: number) => {
    setSlot((s) => (s && (id === undefined || s.toast.id === id) ? { ...s, phase: 'closing' } : s));
  }, []);

  const id = slot?.toast.id;
  const phase = slot?.phase;
  const duration = slot?.toast.duration;
  useEffect(() => {
    if (id === undefined) return;
    const timer =
      phase === 'open'
        ? setTimeout(() => dismiss(id), duration)
        : setTimeout(() => setSlot((s) => (s?.toast.id === id ? null : s)), TOAST_FADE_MS);
    return () => clearTimeout(timer);
  }, [id, phase, duration, dismiss]);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const viewport = <ToastViewport slot={slot} onDismiss={dismiss} />;
  // Looked up as each toast renders: the page that shows it (the home page's anchor) is mounted by then.
  const anchor = document.getElementById(TOAST_ANCHOR_ID);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {anchor ? createPortal(viewport, anchor) : viewport}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}
