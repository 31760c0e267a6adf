// The column menu: sort, pin, clear, a quick condition (Enter confirms), a custom dialog with two
// conditions joined by and/or, and a value checklist with select-all and search.
import { Button, Checkbox, Divider, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { filterError, numberConditions, textConditions } from './filter';
import { useGridTexts } from './grid-texts';
import { type Condition, type FilterState, type GridColumn, emptyFilter } from './types';

/** The checklist lists this many values at most; the search box narrows it. */
const listLimit = 300;

export interface FilterMenuProps {
  column: GridColumn;
  anchor: { left: number; top: number };
  filter: FilterState;
  values: string[];
  onSort(order: 'asc' | 'desc'): void;
  onPin(side: 'left' | 'right' | null): void;
  onApply(filter: FilterState): void;
  onClose(): void;
}

export function FilterMenu({ column, anchor, filter, values, onSort, onPin, onApply, onClose }: FilterMenuProps) {
  const t = useGridTexts();
  const [draft, setDraft] = useState<FilterState>(filter);
  const [error, setError] = useState('');
  const [custom, setCustom] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const sorts = (order: 'asc' | 'desc') => column.sortable !== false && (column.sortOrders ?? [order]).includes(order);
  const checks = useMemo(() => new Set(draft.checks ?? values), [draft.checks, values]);
  const shownAll = useMemo(() => {
    const search = draft.sVal.toLowerCase();
    return search ? values.filter((v) => v.toLowerCase().includes(search)) : values;
  }, [values, draft.sVal]);
  const shown = shownAll.slice(0, listLimit);
  // Select-all works on the values the search shows (all of them without a search).
  const listed = draft.sVal ? shownAll : values;
  const ticked = listed.reduce((n, v) => n + (checks.has(v) ? 1 : 0), 0);
  const tickAll = (on: boolean) => {
    const next = new Set(checks);
    for (const v of listed) {
      if (on) next.add(v);
      else next.delete(v);
    }
    setDraft({ ...draft, checks: next.size === values.length ? null : [...next] });
  };
  const numeric = column.type === 'number' || column.type === 'money';
  const options = (numeric ? ([...numberConditions, 'empty', 'notEmpty'] as const) : textConditions).map((c: Condition) => ({
    value: c,
    label: t(`conditions.${c}`),
  }));
  const title = t('menu.of', { title: column.title });

  useEffect(() => {
    box.current?.querySelector<HTMLElement>('button')?.focus();
  }, []);
  // A click outside the menu (and outside its popups and dialog) closes it.
  useEffect(() => {
    const down = (e: MouseEvent) => {
      const target = e.target as Element;
      if (box.current?.contains(target) || target.closest('.ant-select-dropdown, .ant-modal-root, .ant-select-item')) return;
      onClose();
    };
    document.addEventListener('mousedown', down, true);
    return () => document.removeEventListener('mousedown', down, true);
  }, [onClose]);

  const apply = (next: FilterState) => {
    const problem = filterError(next);
    if (problem) return setError(problem);
    onApply(next);
    onClose();
  };
  const act = (run: () => void) => () => {
    run();
    onClose();
  };
  const setCondition = (n: 1 | 2, type: Condition | '', value: string) =>
    setDraft(n === 1 ? { ...draft, fType1: type, fVal1: value } : { ...draft, fType2: type, fVal2: value });

  return (
    <div
      ref={box}
      role="dialog"
      aria-label={title}
      className="dg-filter-menu"
      style={{ left: anchor.left, top: anchor.top }}
      onKeyDownCapture={(e) => {
        // Escape closes an open condition list first, then the menu.
        const expanded = (e.target as Element).getAttribute('aria-expanded') === 'true';
        if (e.key === 'Escape' && !custom && !expanded) {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <Space wrap size={4}>
        {sorts('asc') && (
          <Button size="small" onClick={act(() => onSort('asc'))}>
            {t('menu.sortAsc')}
          </Button>
        )}
        {sorts('desc') && (
          <Button size="small" onClick={act(() => onSort('desc'))}>
            {t('menu.sortDesc')}
          </Button>
        )}
        <Button size="small" onClick={act(() => onPin('left'))}>
          {t('menu.pinLeft')}
        </Button>
        <Button size="small" onClick={act(() => onPin('right'))}>
          {t('menu.pinRight')}
        </Button>
        <Button size="small" onClick={act(() => onPin(null))}>
          {t('menu.unpin')}
        </Button>
        {column.filterable !== false && (
          <Button size="small" danger onClick={act(() => onApply(emptyFilter()))}>
            {t('menu.clear')}
          </Button>
        )}
      </Space>
      {column.filterable !== false && (
        <>
          <Divider style={{ margin: '8px 0' }} />
          <Space.Compact style={{ width: '100%' }}>
            <Select
              size="small"
              aria-label={t('menu.condition')}
              style={{ width: 96 }}
              value={draft.fType1 || undefined}
              placeholder={t('menu.placeholder')}
              popupMatchSelectWidth={false}
              options={options}
              onChange={(v: Condition) => setDraft({ ...draft, sMenu: v, fType1: v })}
            />
            <Input
              size="small"
              aria-label={t('menu.value')}
              value={draft.fVal1}
              placeholder={draft.fType1 === 'between' ? t('menu.betweenHint') : undefined}
              onChange={(e) => setCondition(1, draft.fType1, e.target.value)}
              onPressEnter={() => apply({ ...draft, fType1: draft.fType1 || options[0]!.value, sMenu: draft.fType1 || options[0]!.value })}
            />
          </Space.Compact>
          <Space style={{ marginTop: 6 }}>
            <Checkbox checked={draft.isSensitive} onChange={(e) => setDraft({ ...draft, isSensitive: e.target.checked })}>
              {t('menu.sensitive')}
            </Checkbox>
            <Button size="small" type="link" onClick={() => setCustom(true)}>
              {t('menu.custom')}
            </Button>
          </Space>
          {error && !custom && (
            <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
              {error}
            </Typography.Text>
          )}
          <Divider style={{ margin: '8px 0' }} />
          <Input
            size="small"
            allowClear
            aria-label={t('menu.search')}
            placeholder={t('menu.search')}
            value={draft.sVal}
            onChange={(e) => setDraft({ ...draft, sVal: e.target.value })}
          />
          <Checkbox
            style={{ marginTop: 6 }}
            checked={ticked === listed.length && listed.length > 0}
            indeterminate={ticked > 0 && ticked < listed.length}
            onChange={(e) => tickAll(e.target.checked)}
          >
            {t('menu.selectAll')}
          </Checkbox>
          <div role="group" aria-label={t('menu.values')} className="dg-checklist">
            {shown.map((value) => (
              <div key={value}>
                <Checkbox
                  checked={checks.has(value)}
                  onChange={(e) => {
                    const next = new Set(checks);
                    if (e.target.checked) next.add(value);
                    else next.delete(value);
                    setDraft({ ...draft, checks: next.size === values.length ? null : [...next] });
                  }}
                >
                  {value === '' ? t('menu.blank') : (column.display?.(value) ?? value)}
                </Checkbox>
              </div>
            ))}
            {shown.length === listLimit && <Typography.Text type="secondary">{t('menu.more', { count: listLimit })}</Typography.Text>}
          </div>
          <Space style={{ marginTop: 8, justifyContent: 'flex-end', width: '100%' }}>
            <Button size="small" onClick={onClose}>
              {t('menu.cancel')}
            </Button>
            <Button size="small" type="primary" onClick={() => apply(draft)}>
              {t('menu.ok')}
            </Button>
          </Space>
        </>
      )}
      <Modal
        open={custom}
        title={t('menu.customTitle', { title: column.title })}
        width={440}
        onCancel={() => setCustom(false)}
        onOk={() => apply(draft)}
        okText={t('menu.ok')}
        cancelText={t('menu.cancel')}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {([1, 2] as const).map((n) => (
            <Space.Compact key={n} style={{ width: '100%' }}>
              <Select
                aria-label={t('menu.conditionN', { n })}
                style={{ width: 120 }}
                allowClear
                popupMatchSelectWidth={false}
                value={(n === 1 ? draft.fType1 : draft.fType2) || undefined}
                options={options}
                onChange={(v: Condition | undefined) => setCondition(n, v ?? '', n === 1 ? draft.fVal1 : draft.fVal2)}
              />
              <Input
                aria-label={t('menu.valueN', { n })}
                value={n === 1 ? draft.fVal1 : draft.fVal2}
                placeholder={(n === 1 ? draft.fType1 : draft.fType2) === 'between' ? t('menu.betweenHint') : undefined}
                onChange={(e) => setCondition(n, n === 1 ? draft.fType1 : draft.fType2, e.target.value)}
                onPressEnter={() => apply(draft)}
              />
            </Space.Compact>
          ))}
          <Radio.Group
            aria-label={t('menu.mode')}
            value={draft.fMode}
            onChange={(e) => setDraft({ ...draft, fMode: e.target.value as 'and' | 'or' })}
          >
            <Radio value="and">{t('menu.and')}</Radio>
            <Radio value="or">{t('menu.or')}</Radio>
          </Radio.Group>
          {error && (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          )}
        </Space>
      </Modal>
    </div>
  );
}
