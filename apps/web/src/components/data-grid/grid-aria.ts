// What RevoGrid's accessibility plugin leaves out: its header rows carry no role, so the column headers have
// no row and the treegrid holds cells outside rows; and its scroll areas cannot take keyboard focus. A scroll
// area holding rows becomes a focusable rowgroup (scrollable by keyboard, an allowed child of the treegrid).
import { useEffect, type RefObject } from 'react';

function complete(root: HTMLElement): void {
  for (const row of root.querySelectorAll<HTMLElement>('revogr-header .header-rgRow')) {
    // A part of the grid with no columns of its own (no pinned column) draws an empty header row.
    const hasCells = row.querySelector('[role="columnheader"]') !== null;
    if (hasCells && !row.hasAttribute('role')) row.setAttribute('role', 'row');
    else if (!hasCells && row.hasAttribute('role')) row.removeAttribute('role');
  }
  for (const area of root.querySelectorAll<HTMLElement>('.vertical-inner.scroll-rgRow')) {
    const hasRows = area.querySelector('[role="row"]') !== null;
    if (hasRows && area.getAttribute('role') !== 'rowgroup') {
      area.setAttribute('role', 'rowgroup');
      area.tabIndex = 0;
    } else if (!hasRows && area.hasAttribute('role')) {
      area.removeAttribute('role');
      // An area between renders (no rows for a moment) that can still scroll stays reachable by keyboard.
      if (area.scrollHeight <= area.clientHeight && area.scrollWidth <= area.clientWidth) area.removeAttribute('tabindex');
    }
  }
}

/** Keeps the ARIA structure of the grid in `root` complete as RevoGrid renders header rows and scroll areas. */
export function useGridAria(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    complete(element);
    const observer = new MutationObserver(() => complete(element));
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
}
