import type { ToastSlot } from './toast-types.ts';

const VARIANT_CLASSES = {
  default: 'border-cyan-400/60 bg-slate-950/95 text-slate-100 shadow-cyan-500/20',
  destructive: 'border-red-500 bg-red-950/95 text-red-50 shadow-red-500/30',
} as const;

/** Where the home page wants its toasts: under the wallet's bar (ToastAnchor). */
export const TOAST_ANCHOR_ID = 'toast-anchor';

/**
 * Put under the header's wallet controls: the toast area hangs from it, so a toast lies below the balance
 * and Disconnect, never over them, and stays at the window's top once the page is scrolled past them (sticky).
 * Full width on a phone, where Find Match sits in the screen's lower half; top right from 768 px (SPEC §2).
 */
export function ToastAnchor() {
  // Styled in styles.css (#toast-anchor): class names here would be first-visit JavaScript.
  return <div id={TOAST_ANCHOR_ID} />;
}

/**
 * The toast area at the top right (max 420 px wide from medium screens up): fixed to the window, or hanging
 * from the page's ToastAnchor where there is one.
 */
export function ToastViewport({ slot, onDismiss }: { slot: ToastSlot; onDismiss: (id: number) => void }) {
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-0 right-0 z-[100] flex w-full flex-col p-4 md:max-w-[420px]"
    >
      {slot && (
        <div
          key={slot.toast.id}
          role={slot.toast.variant === 'destructive' ? 'alert' : 'status'}
          data-state={slot.phase}
          data-variant={slot.toast.variant}
          className={`pointer-events-auto relative w-full rounded-md border-2 p-4 pr-8 font-retro shadow-lg transition-opacity duration-500 ${
            slot.phase === 'closing' ? 'opacity-0' : 'opacity-100'
          } ${VARIANT_CLASSES[slot.toast.variant]}`}
        >
          <div className="font-bold text-sm">{slot.toast.title}</div>
          {slot.toast.description && <div className="mt-1 text-sm opacity-90">{slot.toast.description}</div>}
          <button
            type="button"
            aria-label="Close notification"
            onClick={() => onDismiss(slot.toast.id)}
            className="absolute top-2 right-2 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
          >
            ×
          </button>
        </div>
      )}
    </section>
  );
}
