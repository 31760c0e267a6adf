// Shell settings (spec sections 3 and 4): theme, tags view, fixed header, sidebar logo, UI size,
// sidebar open state; persisted locally. Defaults in one place.
import { Layout } from '@portal/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const sizes = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof sizes)[number];

/** The predefined palette of the settings drawer; the first is the spec's default. */
export const themeColors = [Layout.themeColor, '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'] as const;

export const defaultSettings = {
  theme: Layout.themeColor as string,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
  size: 'medium' as Size,
  sidebarOpened: true,
};

interface SettingsState {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  size: Size;
  sidebarOpened: boolean;
  /** The sidebar over the page on a small screen: closed by default and after each navigation, not remembered. */
  mobileSidebarOpened: boolean;
  change<K extends keyof typeof defaultSettings>(key: K, value: (typeof defaultSettings)[K]): void;
  toggleSidebar(): void;
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      change: (key, value) => set({ [key]: value }),
      mobileSidebarOpened: false,
      toggleSidebar: () => set((s) => ({ sidebarOpened: !s.sidebarOpened })),
    }),
    { name: 'portal-settings', partialize: ({ change: _c, toggleSidebar: _t, mobileSidebarOpened: _m, ...rest }) => rest },
  ),
);
