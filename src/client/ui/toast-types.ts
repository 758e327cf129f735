/** What a toast is, shared by the provider that times it and the viewport that draws it. */

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the fade; clamped to 3000-10000, 5000 when absent. */
  duration?: number;
}

export interface ShownToast {
  id: number;
  title: string;
  description: string | undefined;
  variant: ToastVariant;
  duration: number;
}

/** A toast is open for its duration, then closing for the fade, then gone. */
export type ToastSlot = { toast: ShownToast; phase: 'open' | 'closing' } | null;
