// Visited views (tabs) and the cached ones (spec sections 3 and 4). Affix views cannot be closed.
import { create } from 'zustand';

export interface VisitedView {
  /** Path with its query: the key of a view. */
  path: string;
  pathname: string;
  title: string;
  affix: boolean;
  noCache: boolean;
  /** Bumped by Refresh: a new key remounts the page. */
  version: number;
}

interface TagsViewState {
  views: VisitedView[];
  /** Paths of views holding work not yet saved (an editor): closing or refreshing them asks first. */
  unsaved: Record<string, true>;
  setUnsaved(path: string, unsaved: boolean): void;
  addView(view: Omit<VisitedView, 'version'>): void;
  deleteView(path: string): VisitedView[];
  deleteOthers(path: string): void;
  deleteAll(): void;
  refresh(path: string): void;
  updateTitle(path: string, title: string): void;
}

export const useTagsViewStore = create<TagsViewState>()((set, get) => ({
  views: [],
  unsaved: {},
  setUnsaved(path, unsaved) {
    if (Boolean(get().unsaved[path]) === unsaved) return;
    set((s) => {
      const next = { ...s.unsaved };
      if (unsaved) next[path] = true;
      else delete next[path];
      return { unsaved: next };
    });
  },
  addView(view) {
    const existing = get().views.find((v) => v.path === view.path);
    if (existing) {
      if (existing.title !== view.title) get().updateTitle(view.path, view.title);
      return;
    }
    set((s) => ({ views: [...s.views, { ...view, version: 0 }] }));
  },
  deleteView(path) {
    const views = get().views.filter((v) => v.path !== path || v.affix);
    set({ views });
    return views;
  },
  deleteOthers(path) {
    set((s) => ({ views: s.views.filter((v) => v.affix || v.path === path) }));
  },
  deleteAll() {
    set((s) => ({ views: s.views.filter((v) => v.affix) }));
  },
  refresh(path) {
    set((s) => ({ views: s.views.map((v) => (v.path === path ? { ...v, version: v.version + 1 } : v)) }));
  },
  updateTitle(path, title) {
    set((s) => ({ views: s.views.map((v) => (v.path === path ? { ...v, title } : v)) }));
  },
}));
