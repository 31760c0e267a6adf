// A label's value and a note in brackets take the language's own punctuation: full-width in Chinese, as the
// screens always had it, and a plain colon and brackets with spaces in English.
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '.';

afterEach(() => i18n.changeLanguage('zh-CN'));

const both = () => [
  i18n.t('punct.labelled', { label: i18n.t('shell.operator'), value: '张伟' }),
  i18n.t('punct.bracketed', { text: '上海禾丰食品有限公司', note: '100001' }),
];

describe('punctuation', () => {
  it('is full-width in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(both()).toEqual(['操作员：张伟', '上海禾丰食品有限公司（100001）']);
  });

  it('is plain in English', async () => {
    await i18n.changeLanguage('en');
    expect(both()).toEqual(['Operator: 张伟', '上海禾丰食品有限公司 (100001)']);
  });
});
