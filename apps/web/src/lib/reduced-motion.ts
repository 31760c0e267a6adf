// The user's "reduce motion" setting of the system (prefers-reduced-motion): antd then opens and closes its
// dropdowns, dialogs, drawers and messages without animation (WCAG 2.3.3). Browser tests ask for it too.
import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined);

/** Whether the user asks for reduced motion now (false outside a browser). */
export function prefersReducedMotion(): boolean {
  return media()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** prefersReducedMotion() that re-renders when the user changes the setting. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
