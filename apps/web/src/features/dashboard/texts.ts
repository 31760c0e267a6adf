// Texts of the dashboard (zh-CN default, en), merged into the app's translations by i18n/index.ts.
import type { Texts } from '../../i18n/texts';

export const zhCN = {
  dashboard: { welcome: '欢迎使用供应商协同平台' },
} as const;

export const en: Texts<typeof zhCN> = {
  dashboard: { welcome: 'Welcome to the supplier collaboration portal' },
};
