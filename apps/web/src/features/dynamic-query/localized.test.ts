import type { PageDefinition } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { localized } from './localized';

const definition: PageDefinition = {
  queryCode: 'STORE_LIST',
  title: '门店与配送中心',
  titleEn: 'Stores and DCs',
  description: '门店和配送中心的编码、名称和城市',
  descriptionEn: '',
  params: [
    { name: 'city', label: '城市', labelEn: 'City', type: 'text', required: false, defaultValue: '', options: [], lookup: null },
    {
      name: 'type',
      label: '类型',
      labelEn: '',
      type: 'select',
      required: false,
      defaultValue: '',
      options: [
        { value: 'S', label: '门店', labelEn: 'Store' },
        { value: 'D', label: '配送中心', labelEn: '' },
      ],
      lookup: null,
    },
  ],
  columns: [
    { field: 'dept_code', title: '编码', titleEn: 'Code', type: 'text', width: 90, fixed: null, format: null },
    { field: 'city', title: '城市', titleEn: '', type: 'text', width: 90, fixed: null, format: null },
  ],
  isPublic: true,
  moudleCode: 'ms0104',
};

describe('a query definition in the reader’s language', () => {
  it('takes the English texts in English and keeps the Chinese where none was given', () => {
    const page = localized(definition, 'en');
    expect(page.title).toBe('Stores and DCs');
    expect(page.description).toBe('门店和配送中心的编码、名称和城市');
    expect(page.params.map((p) => p.label)).toEqual(['City', '类型']);
    expect(page.params[1]!.options.map((o) => o.label)).toEqual(['Store', '配送中心']);
    expect(page.columns.map((c) => c.title)).toEqual(['Code', '城市']);
  });

  it('stays Chinese in Chinese', () => {
    const page = localized(definition, 'zh-CN');
    expect(page.title).toBe('门店与配送中心');
    expect(page.params.map((p) => p.label)).toEqual(['城市', '类型']);
    expect(page.params[1]!.options.map((o) => o.label)).toEqual(['门店', '配送中心']);
    expect(page.columns.map((c) => c.title)).toEqual(['编码', '城市']);
  });
});
