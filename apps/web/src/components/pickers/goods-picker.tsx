// Picks one goods item by code, barcode or name: the search runs on the server (the caller's own goods for a
// supplier), each option shows code, name, barcode and spec. The value is the goods code.
import type { CallData, common } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickerWidth, goodsQuery, popupWidth } from './lookups';

type Goods = CallData<typeof common.getGoodInfo>['list'][number];
const pageSize = 20;
const debounceMs = 300;

/** Controlled, or inside a Form.Item that passes value and onChange. */
export function GoodsPicker({
  value,
  onChange,
  width = 240,
  id,
  placeholder,
  disabled,
  'aria-label': ariaLabel,
}: {
  value?: string | undefined;
  onChange?(goodsCode: string | undefined, goods?: Goods): void;
  width?: PickerWidth;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const goods = useQuery({ ...goodsQuery({ keyword, page: 1, pageSize }), enabled: keyword.length > 0 });
  // The chosen item keeps its label after the search moves on.
  const [chosen, setChosen] = useState<Goods>();
  const found = keyword ? (goods.data?.list ?? []) : [];
  const kept = chosen && chosen.goodsCode === value && !found.some((g) => g.goodsCode === value) ? chosen : undefined;
  const list = kept ? [kept, ...found] : found;
  const more = keyword && goods.data && goods.data.total > pageSize ? goods.data.total - pageSize : 0;

  return (
    <Select<string>
      id={id}
      aria-label={ariaLabel}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      placeholder={placeholder ?? t('pickers.goodsPlaceholder')}
      style={{ width }}
      popupMatchSelectWidth={popupWidth(width, 340)}
      value={value || undefined}
      loading={goods.isFetching}
      notFoundContent={keyword ? (goods.isFetching ? t('pickers.searching') : t('pickers.noGoods')) : t('pickers.typeToSearch')}
      onChange={(code) => {
        const item = list.find((g) => g.goodsCode === code);
        setChosen(item);
        setTyped('');
        onChange?.(code || undefined, item);
      }}
      options={list.map((g) => ({
        value: g.goodsCode,
        label: `${g.goodsCode} ${g.goodsName}`,
        title: `${g.goodsCode} ${g.goodsName} ${g.barcode} ${g.spec}`,
      }))}
      optionRender={(option) => {
        const item = list.find((g) => g.goodsCode === option.value);
        return item ? (
          <div>
            <div>
              {item.goodsCode} {item.goodsName}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('pickers.barcode')} {item.barcode} · {item.spec} · {item.unit}
            </Typography.Text>
          </div>
        ) : (
          option.label
        );
      }}
      popupRender={(menu) => (
        <>
          {menu}
          {more > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px', fontSize: 12 }}>
              {t('pickers.moreGoods', { count: more })}
            </Typography.Text>
          )}
        </>
      )}
    />
  );
}
