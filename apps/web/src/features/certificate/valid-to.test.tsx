// @vitest-environment jsdom
// A certificate's expiry date says its days in the user's language: "1 day left" in English, the Chinese as before.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { ValidTo } from './valid-to';

const text = (daysLeft: number) => {
  const div = document.createElement('div');
  div.innerHTML = renderToStaticMarkup(<ValidTo c={{ validTo: '2027-01-01', daysLeft }} />);
  return div.textContent;
};

afterEach(() => i18n.changeLanguage('zh-CN'));

describe('the expiry date', () => {
  it('counts one day in the English singular and more in the plural, in English brackets', async () => {
    await i18n.changeLanguage('en');
    expect([text(1), text(2), text(-1), text(-2)]).toEqual([
      '2027-01-01 (1 day left)',
      '2027-01-01 (2 days left)',
      '2027-01-01 (expired 1 day ago)',
      '2027-01-01 (expired 2 days ago)',
    ]);
  });

  it('keeps the Chinese exactly as it was', () => {
    expect([text(1), text(2), text(-1)]).toEqual(['2027-01-01（剩余 1 天）', '2027-01-01（剩余 2 天）', '2027-01-01（已过期 1 天）']);
  });
});
