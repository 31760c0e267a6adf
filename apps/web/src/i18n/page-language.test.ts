// @vitest-environment jsdom
// The page's lang attribute follows the interface's language, as screen readers need (WCAG 3.1.1).
import { afterAll, expect, it } from 'vitest';
import i18n from './index';

afterAll(() => i18n.changeLanguage('zh-CN'));

it('marks the page in the language the interface shows', async () => {
  await i18n.changeLanguage('en');
  expect(document.documentElement.lang).toBe('en');
  await i18n.changeLanguage('zh-CN');
  expect(document.documentElement.lang).toBe('zh-CN');
});
