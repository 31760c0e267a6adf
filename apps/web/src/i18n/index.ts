// i18next with zh-CN as the default language and English as the alternative.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-CN';

export const languages = ['zh-CN', 'en'] as const;
export type Language = (typeof languages)[number];

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('language');

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: stored === 'en' ? 'en' : 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});

export default i18n;
