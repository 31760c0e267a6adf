// The default print templates print in English for an English reader: each name and page-foot note has its
// English in the contract.
import { print } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { defaultPrintTemplates } from './print-templates';

describe('default print templates in English', () => {
  it('has the English of every name and note', () => {
    for (const t of defaultPrintTemplates) {
      expect(print.printTemplateTextsEn[t.templateName], t.templateName).toBeTruthy();
      if (t.layout.note) expect(print.printTemplateTextsEn[t.layout.note], t.layout.note).toBeTruthy();
    }
  });
});
