/**
 * The toast on screen (at most one: a new toast replaces it), shared by the notify API
 * (src/ui/toast.tsx, in the first load) and the toaster that draws it (src/ui/ToasterHost.tsx,
 * loaded with the first toast). Plain module state with listeners, read through
 * useSyncExternalStore.
 */

export type ToastKind = 'success' | 'error' | 'info' | 'message';

export interface ToastData {
  id: number;
  kind: ToastKind;
  title: string;
  description?: string;
  action?: { label: string; onClick: () => void };
  /** How long it stays, in ms (Infinity: until dismissed). */
  duration: number;
}

let current: ToastData | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const currentToast = (): ToastData | null => current;

/** Shows a toast in place of the one on screen; returns its id. */
export function putToast(toast: Omit<ToastData, 'id'>): number {
  current = { ...toast, id: nextId++ };
  emit();
  return current.id;
}

/** Takes the toast off the screen (only the one with this id, when given). */
export function dismissToast(id?: number): void {
  if (current === null || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}
