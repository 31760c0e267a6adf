// The find and replace dialog (540 x 370, spec section 9): tabs Find and Replace, options, find next,
// find all with a result list (virtualised beyond 10 items) whose rows jump to the cell, replace, replace all.
// A regular expression is checked as it is typed; a read-only grid says so and offers no replacing.
import { Alert, App, Button, Checkbox, Input, type InputRef, Modal, Space, Table, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { type CellMatch, type FindOptions, findProblem, replaceProblem } from './find';
import { useGridTexts } from './grid-texts';

export type FindTab = 'find' | 'replace';

/** What the dialog asks of the grid; each returns what the user should be told. */
export interface FindActions {
  /** No cell of the grid can be edited: find only. */
  readOnly: boolean;
  columnTitle(col: number): string;
  findNext(options: FindOptions): CellMatch | null;
  findAll(options: FindOptions): CellMatch[];
  jump(match: CellMatch): void;
  /** Replaces in the current match (or the next one); false when none matches. */
  replaceOne(options: FindOptions, replacement: string): boolean;
  /** The number of cells replaced. */
  replaceAll(options: FindOptions, replacement: string): number;
}

export interface FindDialogProps {
  open: boolean;
  tab: FindTab;
  onTab(tab: FindTab): void;
  onClose(): void;
  actions: FindActions;
}

/** Result lists longer than this are virtualised. */
const plainRows = 10;

export function FindDialog({ open, tab, onTab, onClose, actions }: FindDialogProps) {
  const t = useGridTexts();
  const { message } = App.useApp();
  const [options, setOptions] = useState<FindOptions>({ text: '', regex: false, wholeWord: false, caseSensitive: false });
  const [replacement, setReplacement] = useState('');
  const [results, setResults] = useState<CellMatch[]>([]);
  // The problem a click found (no text); a pattern's own error shows while it is typed, and goes with regex off.
  const [clicked, setClicked] = useState('');
  const typed = options.regex && options.text ? findProblem(options) : null;
  const error = typed ?? clicked;
  const input = useRef<InputRef>(null);
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => input.current?.focus({ cursor: 'all' }));
    return () => cancelAnimationFrame(frame);
  }, [open, tab]);

  const checked = (problem: string | null) => {
    setClicked(problem ?? '');
    return problem === null;
  };
  /** New options: the last click's problem is gone, and an invalid pattern leaves no results of an earlier one. */
  const change = (next: FindOptions) => {
    setOptions(next);
    setClicked('');
    if (next.regex && next.text && findProblem(next) !== null) setResults([]);
  };
  const { readOnly } = actions;
  const notFound = () => void message.warning(t('find.notFound'));
  const findNext = () => {
    if (!checked(findProblem(options))) return;
    const match = actions.findNext(options);
    if (match) actions.jump(match);
    else notFound();
  };
  const findAll = () => {
    if (!checked(findProblem(options))) return;
    const all = actions.findAll(options);
    setResults(all);
    if (!all.length) notFound();
  };
  const replaceOne = () => {
    if (readOnly) return;
    if (checked(replaceProblem(options, replacement)) && !actions.replaceOne(options, replacement)) notFound();
  };
  const replaceAll = () => {
    if (readOnly || !checked(replaceProblem(options, replacement))) return;
    const count = actions.replaceAll(options, replacement);
    setResults([]);
    if (count) void message.success(t('find.replaced', { count }));
    else notFound();
  };
  const close = () => {
    setResults([]);
    setClicked('');
    onClose();
  };
  const option = (key: 'regex' | 'wholeWord' | 'caseSensitive') => (
    <Checkbox checked={options[key]} onChange={(e) => change({ ...options, [key]: e.target.checked })}>
      {t(`find.${key}`)}
    </Checkbox>
  );

  const pane = (replace: boolean) => (
    <Space orientation="vertical" style={{ width: '100%' }} size={6}>
      <Input
        ref={input}
        aria-label={t('find.text')}
        placeholder={t('find.text')}
        value={options.text}
        onChange={(e) => change({ ...options, text: e.target.value })}
        onPressEnter={findNext}
      />
      {replace && readOnly && <Alert type="info" role="status" showIcon title={t('find.readOnly')} />}
      {replace && (
        <Input
          aria-label={t('find.replacement')}
          placeholder={t('find.replacement')}
          disabled={readOnly}
          value={replacement}
          onChange={(e) => setReplacement(e.target.value)}
          onPressEnter={replaceOne}
        />
      )}
      <Space size={4}>
        {option('regex')}
        {option('wholeWord')}
        {option('caseSensitive')}
      </Space>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      <Space wrap size={6}>
        <Button onClick={findNext}>{t('find.findNext')}</Button>
        <Button onClick={findAll}>{t('find.findAll')}</Button>
        {replace && (
          <Button onClick={replaceOne} disabled={readOnly}>
            {t('find.replace')}
          </Button>
        )}
        {replace && (
          <Button type="primary" onClick={replaceAll} disabled={readOnly}>
            {t('find.replaceAll')}
          </Button>
        )}
      </Space>
    </Space>
  );

  return (
    <Modal
      open={open}
      title={t('find.title')}
      className="dg-find-dialog"
      width={540}
      footer={null}
      mask={false}
      onCancel={close}
      styles={{ container: { height: 370, display: 'flex', flexDirection: 'column', overflow: 'hidden' }, body: { flex: 1, minHeight: 0 } }}
    >
      <Tabs
        size="small"
        activeKey={tab}
        destroyOnHidden
        tabBarExtraContent={
          results.length > 0 && <Typography.Text type="secondary">{t('find.found', { count: results.length })}</Typography.Text>
        }
        onChange={(k) => onTab(k as FindTab)}
        items={[
          { key: 'find', label: t('find.tabFind'), children: pane(false) },
          { key: 'replace', label: t('find.tabReplace'), children: pane(true) },
        ]}
      />
      {results.length > 0 && (
        <Table<CellMatch>
          className="dg-find-results"
          aria-label={t('find.results')}
          size="small"
          rowKey={(m) => `${m.row}:${m.col}`}
          dataSource={results}
          pagination={false}
          virtual={results.length > plainRows}
          scroll={{ y: tab === 'replace' ? 84 : 122 }}
          onRow={(m) => ({
            tabIndex: 0,
            onClick: () => actions.jump(m),
            onKeyDown: (e) => e.key === 'Enter' && actions.jump(m),
            style: { cursor: 'pointer' },
          })}
          columns={[
            { title: t('find.seq'), key: 'seq', width: 64, render: (_v, _m, i) => i + 1 },
            {
              title: t('find.cell'),
              key: 'cell',
              width: 170,
              render: (_v, m) => t('find.position', { row: m.row + 1, column: actions.columnTitle(m.col) }),
            },
            { title: t('find.value'), dataIndex: 'value', key: 'value', ellipsis: true },
          ]}
        />
      )}
    </Modal>
  );
}
