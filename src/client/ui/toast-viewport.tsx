import type { ToastSlot } from './toast-types.ts';

const VARIANT_CLASSES = {
  default: 'border-cyan-400/60 bg-slate-950/95 text-slate-100 shadow-cyan-500/20',
  destructive: 'border-red-500 bg-red-950/95 text-red-50 shadow-red-500/30',
} as const;

/** The toast area at the top right (max 420 px wide from medium screens up). */
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
