// Runs a callback each time the kept tab view holding an element is shown again (layout/view-host keeps
// visited tabs mounted and hidden), so a page can refetch what others may have changed meanwhile.
import { type RefObject, useEffect, useRef } from 'react';

export function useViewShown(element: RefObject<HTMLElement | null>, onShown: () => void): void {
  const callback = useRef(onShown);
  useEffect(() => {
    callback.current = onShown;
  });
  useEffect(() => {
    const view = element.current?.closest('[data-view]');
    if (!view) return;
    const observer = new MutationObserver(() => {
      if (!view.hasAttribute('hidden')) callback.current();
    });
    observer.observe(view, { attributes: true, attributeFilter: ['hidden'] });
    return () => observer.disconnect();
  }, [element]);
}
