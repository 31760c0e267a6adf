// Keys of the grid as a whole: Ctrl+F / Ctrl+H open find and replace; a second selection area (Ctrl+click,
// or Shift+F8 "add to selection" followed by Shift+arrow) is refused with the multi-area error.
// RevoGrid listens to keys and clipboard events on the whole document; those typed into our dialogs,
// menus or anywhere else on the page are not the grid's, so its handling is cancelled for them.
import { type RefObject, useEffect, useRef } from 'react';
import type { FindTab } from './find-dialog';

export interface GridKeyboard {
  onMouseDownCapture(e: React.MouseEvent): void;
  onKeyDownCapture(e: React.KeyboardEvent): void;
}

export interface KeyboardHandlers {
  openFind(tab: FindTab): void;
  multiArea(): void;
  /** While a dialog or menu of the grid is open, the grid itself takes no keys. */
  suspended: boolean;
}

export function useGridKeyboard(wrapper: RefObject<HTMLDivElement | null>, on: KeyboardHandlers): GridKeyboard {
  const addMode = useRef(false);
  // The grid was the last thing used: RevoGrid may leave the focus on the body after a click in a cell.
  const active = useRef(false);
  const handlers = useRef(on);
  useEffect(() => {
    handlers.current = on;
  });

  useEffect(() => {
    const host = wrapper.current;
    if (!host) return;
    const outside = (e: Event) => {
      const detail = (e as CustomEvent<{ original?: Event; event?: Event }>).detail;
      const target = (detail?.original ?? detail?.event)?.target;
      const grid = host.querySelector('revo-grid');
      if (handlers.current.suspended || (target instanceof Node && target !== document.body && !grid?.contains(target))) e.preventDefault();
    };
    const names = ['beforekeydown', 'beforepaste', 'beforecopy', 'beforecut'];
    for (const name of names) host.addEventListener(name, outside);
    return () => {
      for (const name of names) host.removeEventListener(name, outside);
    };
  }, [wrapper]);

  useEffect(() => {
    const down = (e: MouseEvent) => {
      active.current = Boolean(wrapper.current?.contains(e.target as Node));
    };
    const key = (e: KeyboardEvent) => {
      const focus = document.activeElement;
      const inGrid = wrapper.current?.contains(focus) || ((!focus || focus === document.body) && active.current);
      const letter = e.key.toLowerCase();
      if (inGrid && (e.ctrlKey || e.metaKey) && !e.altKey && (letter === 'f' || letter === 'h')) {
        e.preventDefault();
        e.stopPropagation();
        handlers.current.openFind(letter === 'f' ? 'find' : 'replace');
      }
    };
    document.addEventListener('mousedown', down, true);
    document.addEventListener('keydown', key, true);
    return () => {
      document.removeEventListener('mousedown', down, true);
      document.removeEventListener('keydown', key, true);
    };
  }, [wrapper]);

  return {
    onMouseDownCapture(e) {
      const cell = (e.target as Element).closest('revogr-data [data-rgcol]');
      if (cell && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        e.stopPropagation();
        handlers.current.multiArea();
      }
    },
    onKeyDownCapture(e) {
      if (e.key === 'F8' && e.shiftKey) {
        addMode.current = !addMode.current;
        e.preventDefault();
      } else if (e.key === 'Escape') {
        addMode.current = false;
      } else if (e.shiftKey && e.key.startsWith('Arrow') && addMode.current) {
        e.preventDefault();
        e.stopPropagation();
        addMode.current = false;
        handlers.current.multiArea();
      }
    },
  };
}
