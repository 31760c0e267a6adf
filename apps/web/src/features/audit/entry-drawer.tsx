// One entry of the audit trail: who, when, from where, through what, on which object, then its fields before and
// after. A changed value shows struck through on red beside the new one on green, and the change column says in
// words what happened, so nothing depends on colour alone.
import { type Language, audit, languageOf } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { type Viewer, entryQuery } from './api';
import { whoOf } from './who';
import './audit.css';

function Value({ value, side, k }: { value: string | null; side: 'before' | 'after'; k: (key: string) => string }) {
  if (value === null) return <Typography.Text type="secondary">{k('absent')}</Typography.Text>;
  const text = value === '' ? k('empty') : value;
  return side === 'before' ? (
    <del className="audit-before">
      <span className="sr-only">{k('beforeValue')} </span>
      {text}
    </del>
  ) : (
    <ins className="audit-after">
      <span className="sr-only">{k('afterValue')} </span>
      {text}
    </ins>
  );
}

const objectText = (e: audit.AuditEntry, language: Language) =>
  [e.objectType && audit.objectLabel(e.objectType, language), e.objectId].filter(Boolean).join(' ');

export function EntryDrawer({ viewer, id, onClose }: { viewer: Viewer; id: string | undefined; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const k = (key: string, options?: Record<string, unknown>) => t(`audit.${key}`, options);
  const { data } = useQuery(entryQuery(viewer, id));
  const e = data && data.id === id ? data : undefined;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      title={k('detail')}
      size="large"
      destroyOnHidden
      rootClassName="audit-drawer"
      styles={{ body: { padding: 0, overflow: 'hidden' } }}
    >
      {/* The entry scrolls in a region of its own that takes the keyboard's focus: it holds nothing else to focus. */}
      <div className="audit-entry" role="region" aria-label={k('detail')} tabIndex={0}>
        {!e ? (
          <Skeleton active />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'when', label: k('when'), children: formatTime(e.at) },
                { key: 'who', label: k('who'), children: whoOf(e, language) },
                { key: 'actorKind', label: k('actorKind'), children: audit.actorKindLabel(e.actorKind, language) },
                ...(e.roles ? [{ key: 'roles', label: k('roles'), children: e.roles }] : []),
                ...(e.suppCode ? [{ key: 'supplier', label: k('columns.supplier'), children: `${e.suppCode} ${e.suppName}`.trim() }] : []),
                {
                  key: 'kind',
                  label: k('columns.kind'),
                  children: [audit.kindLabel(e.kind, language), e.action && audit.actionLabel(e.action, language)]
                    .filter(Boolean)
                    .join(' · '),
                },
                ...(e.moduleCode
                  ? [{ key: 'module', label: k('columns.module'), children: language === 'en' ? e.moduleNameEn : e.moduleName }]
                  : []),
                ...(e.objectType || e.objectId ? [{ key: 'object', label: k('object'), children: objectText(e, language) }] : []),
                { key: 'from', label: k('from'), children: e.clientIp || '—' },
                ...(e.requestId ? [{ key: 'requestId', label: k('requestId'), children: e.requestId }] : []),
                ...(e.callName ? [{ key: 'call', label: k('call'), children: e.callName }] : []),
              ]}
            />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {k('changes')}
            </Typography.Title>
            {e.changes.length === 0 ? (
              <Typography.Text type="secondary">{k('noChanges')}</Typography.Text>
            ) : (
              <Table
                aria-label={k('changesTable')}
                size="small"
                rowKey="field"
                dataSource={e.changes}
                pagination={false}
                className="audit-diff"
                tableLayout="fixed"
                columns={[
                  {
                    title: k('field'),
                    key: 'field',
                    width: 96,
                    render: (_, c) => <span title={c.field}>{language === 'en' ? c.labelEn : c.label}</span>,
                  },
                  { title: k('change'), key: 'change', width: 88, render: (_, c) => k(`changeKinds.${c.change}`) },
                  {
                    title: k('before'),
                    key: 'before',
                    render: (_, c) => (c.change === 'same' ? c.before : <Value value={c.before} side="before" k={k} />),
                  },
                  {
                    title: k('after'),
                    key: 'after',
                    render: (_, c) => (c.change === 'same' ? c.after : <Value value={c.after} side="after" k={k} />),
                  },
                ]}
              />
            )}
            {e.detail.length > 0 && (
              <>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {k('other')}
                </Typography.Title>
                <Descriptions
                  size="small"
                  column={1}
                  bordered
                  items={e.detail.map((d) => ({ key: d.key, label: d.key, children: d.value }))}
                />
              </>
            )}
          </Space>
        )}
      </div>
    </Drawer>
  );
}
