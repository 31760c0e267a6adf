// @vitest-environment jsdom
// The language button's name holds the word it shows (WCAG 2.5.3, label in name): a voice user says "中文" or
// "English" and reaches it; without a shown word (the top bar's icon) its name is the plain "语言".
import { screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { installBrowserParts, renderPage } from '../test/page';
import { LanguageSwitch } from './language-switch';

beforeAll(installBrowserParts);
afterEach(() => i18n.changeLanguage('zh-CN'));

describe('language switch', () => {
  it('is named with the language it shows, in either language', async () => {
    renderPage(<LanguageSwitch withLabel />);
    const button = await screen.findByRole('button', { name: '语言：中文' });
    expect(button.textContent).toContain('中文');
    await act(() => i18n.changeLanguage('en'));
    expect((await screen.findByRole('button', { name: 'Language: English' })).textContent).toContain('English');
  });

  it('is named "语言" where it shows only its icon', async () => {
    renderPage(<LanguageSwitch />);
    expect(await screen.findByRole('button', { name: '语言' })).toBeTruthy();
  });
});
