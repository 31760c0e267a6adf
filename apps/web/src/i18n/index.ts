// i18next with zh-CN as the default language and English as the alternative.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-CN';

export const languages = ['zh-CN', 'en'] as const;
export type Language = (typeof languages)[number];

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('language');

interface FeatureTexts {
  zhCN: object;
  en: object;
}

/**
 * Every feature's texts.ts (one per business area) and its pages' own *-texts.ts (an area several pages share
 * without sharing one file), merged beside the shell's under their own keys.
 */
const features = Object.values(import.meta.glob<FeatureTexts>(['../features/*/texts.ts', '../features/*/*-texts.ts'], { eager: true }));

// The page's language follows the interface's (WCAG 3.1.1): a screen reader reads the English screens with an
// English voice, and the browser hyphenates and picks fonts for the language shown.
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'en' ? 'en' : 'zh-CN';
});

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: Object.assign({}, zhCN, ...features.map((f) => f.zhCN)) },
    en: { translation: Object.assign({}, en, ...features.map((f) => f.en)) },
  },
  lng: stored === 'en' ? 'en' : 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});

export default i18n;
