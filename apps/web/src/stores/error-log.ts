// Uncaught errors and failed renders, for the error log panel (spec sections 3 and 8).
import { create } from 'zustand';

export interface LoggedError {
  message: string;
  /** Component stack of a failed render, or the kind of error. */
  info: string;
  url: string;
  stack: string;
  time: string;
}

interface ErrorLogState {
  errors: LoggedError[];
  add(error: Omit<LoggedError, 'time' | 'url'>): void;
  clear(): void;
}

export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  errors: [],
  add: (error) =>
    set((s) => ({ errors: [...s.errors, { ...error, url: window.location.href, time: new Date().toISOString() }].slice(-100) })),
  clear: () => set({ errors: [] }),
}));

let listening = false;

/** Listens once for errors nothing caught. */
export function captureUncaughtErrors(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('error', (event) => {
    const err = event.error as unknown;
    useErrorLogStore
      .getState()
      .add({ message: event.message, info: 'window.onerror', stack: err instanceof Error ? (err.stack ?? '') : '' });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as unknown;
    // A failed call (the client has shown it) or a form's failed validation (the form shows it beside the fields),
    // left to end a button's handler: handled here, so the browser reports no uncaught error.
    if (shownToUser(reason)) {
      event.preventDefault();
      return;
    }
    // The log keeps program errors.
    if (reason instanceof Error) {
      useErrorLogStore.getState().add({ message: reason.message, info: 'unhandledrejection', stack: reason.stack ?? '' });
    }
  });
}

/** An ApiFailure (the client toasts it, or the caller shows it) or the rejection of antd's form.validateFields(). */
export function shownToUser(reason: unknown): boolean {
  if (reason instanceof Error) return reason.name === 'ApiFailure';
  return typeof reason === 'object' && reason !== null && Array.isArray((reason as { errorFields?: unknown }).errorFields);
}
