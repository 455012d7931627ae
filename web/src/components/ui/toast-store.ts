/**
 * The toast queue, which holds one toast: only one is shown at a time (spec section 9), so a
 * new toast replaces the one on screen. Any module may call `toast(...)`; `<Toaster />` shows it.
 */
export type ToastVariant = 'default' | 'success' | 'error';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How long it stays, in ms (default 5 s); `Infinity` keeps it until dismissed. */
  duration?: number;
  /** A button in the toast ("Undo"); clicking it runs `onClick` and dismisses the toast. */
  action?: ToastAction;
};

export type ToastAction = { label: string; onClick: () => void };

export type Toast = Required<Omit<ToastInput, 'description' | 'action'>> & {
  id: number;
  description?: string;
  action?: ToastAction;
};

export const DEFAULT_TOAST_DURATION = 5000;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Toast | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows a toast in place of any other; answers its id. */
export function toast(input: ToastInput): number {
  const shown: Toast = {
    id: nextId++,
    title: input.title,
    variant: input.variant ?? 'default',
    duration: input.duration ?? DEFAULT_TOAST_DURATION,
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.action === undefined ? {} : { action: input.action }),
  };
  publish(shown);
  return shown.id;
}

toast.success = (title: string, description?: string) =>
  toast({ title, variant: 'success', ...(description === undefined ? {} : { description }) });
toast.error = (title: string, description?: string) =>
  toast({ title, variant: 'error', ...(description === undefined ? {} : { description }) });

/** Removes the toast `id` (or whichever is shown, without an id). */
export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) publish(null);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): Toast | null {
  return current;
}
