// Titles pages give themselves when the menu has none for their path (a query page opened by link): the
// tab, the breadcrumb and the document title read them after the menu's.
import { create } from 'zustand';

interface PageTitlesState {
  titles: Record<string, string>;
  setTitle(pathname: string, title: string): void;
}

export const usePageTitlesStore = create<PageTitlesState>()((set) => ({
  titles: {},
  setTitle(pathname, title) {
    set((s) => (s.titles[pathname] === title ? s : { titles: { ...s.titles, [pathname]: title } }));
  },
}));
