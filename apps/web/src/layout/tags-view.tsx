// The tags view: one tab per visited route; Refresh, Close, Close Others, Close All in a context menu;
// affix tabs (the dashboard) cannot be closed and survive Close Others and Close All.
import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, Space, Tag } from 'antd';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { primaryShade } from '../lib/contrast';
import type { PageRoute } from '../lib/routes';
import { useConfirmDiscard } from '../lib/use-unsaved-work';
import { useSettingsStore } from '../stores/settings';
import { type VisitedView, useTagsViewStore } from '../stores/tags-view';
import { useTitleOf } from './view-host';

export function TagsView({ routes }: { routes: PageRoute[] }) {
  const { t } = useTranslation();
  const confirm = useConfirmDiscard();
  const navigate = useNavigate();
  const location = useLocation();
  const views = useTagsViewStore((s) => s.views);
  const store = useTagsViewStore();
  const theme = useSettingsStore((s) => s.theme);
  const activePath = location.pathname + location.search;
  const shade = primaryShade(theme);
  // Titles follow the language: a tab opened in Chinese reads English after the switch.
  const titleOfPath = useTitleOf(routes);
  const titleOf = (view: VisitedView) => titleOfPath(view.path) ?? view.title;

  /** Runs `discard` at once, or after the user agrees when one of the views it drops holds unsaved work. */
  const confirmDiscard = (dropped: VisitedView[], discard: () => void) => {
    const unsaved = useTagsViewStore.getState().unsaved;
    const losing = dropped.filter((v) => unsaved[v.path]);
    if (losing.length === 0) discard();
    else confirm(losing.map(titleOf), discard);
  };
  const close = (view: VisitedView) =>
    confirmDiscard([view], () => {
      const remaining = store.deleteView(view.path);
      if (view.path === activePath) navigate(remaining.at(-1)?.path ?? '/');
    });
  const act = (key: string, view: VisitedView) => {
    const closable = views.filter((v) => !v.affix);
    if (key === 'refresh')
      confirmDiscard([view], () => {
        store.refresh(view.path);
        navigate(`/redirect${view.path}`, { replace: true });
      });
    else if (key === 'close') close(view);
    else if (key === 'closeOthers')
      confirmDiscard(
        closable.filter((v) => v.path !== view.path),
        () => {
          store.deleteOthers(view.path);
          navigate(view.path);
        },
      );
    else if (key === 'closeAll')
      confirmDiscard(closable, () => {
        store.deleteAll();
        const left = useTagsViewStore.getState().views;
        if (!left.some((v) => v.path === activePath)) navigate(left.at(-1)?.path ?? '/');
      });
  };
  // Keyboard of a WAI-ARIA tab list: one tab in the Tab order (the active one), arrows and Home/End switch,
  // Delete closes, the context-menu key (or Shift+F10) opens the tab's menu.
  const tabRefs = useRef(new Map<string, HTMLElement>());
  const focusPath = useRef<string | null>(null);
  useEffect(() => {
    if (focusPath.current === null) return;
    tabRefs.current.get(focusPath.current)?.focus();
    focusPath.current = null;
  });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const view = views[index]!;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: views.length - 1 }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      const next = views[(target + views.length) % views.length]!;
      focusPath.current = next.path;
      navigate(next.path);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      navigate(view.path);
    } else if (event.key === 'Delete' && !view.affix) {
      event.preventDefault();
      const remaining = views.filter((v) => v.path !== view.path);
      // A tab with unsaved work asks first: the focus moves only once it is closed.
      if (!useTagsViewStore.getState().unsaved[view.path])
        focusPath.current = view.path === activePath ? (remaining.at(-1)?.path ?? null) : activePath;
      close(view);
    }
  };

  return (
    <nav
      aria-label={t('shell.tagsView')}
      className="tags-view"
      // As tall before its first tab comes (an effect after the first render adds it) as with tabs, so that the page
      // below does not move down by a tab's height on every load (CLS 0.013 on every page).
      style={{
        background: '#fff',
        padding: '4px 12px',
        borderBottom: '1px solid #e8e8e8',
        overflowX: 'auto',
        whiteSpace: 'nowrap',
        boxSizing: 'border-box',
        minHeight: 32,
      }}
    >
      <Space size={4} role="tablist" aria-label={t('shell.tagsView')}>
        {views.map((view, index) => {
          const active = view.path === activePath;
          return (
            <Dropdown
              key={view.path}
              trigger={['contextMenu']}
              menu={{
                items: [
                  { key: 'refresh', label: t('shell.tags.refresh') },
                  { key: 'close', label: t('shell.tags.close'), disabled: view.affix },
                  { key: 'closeOthers', label: t('shell.tags.closeOthers') },
                  { key: 'closeAll', label: t('shell.tags.closeAll') },
                ],
                onClick: ({ key }) => act(key, view),
              }}
            >
              <Tag
                ref={(el) => {
                  if (el) tabRefs.current.set(view.path, el);
                  else tabRefs.current.delete(view.path);
                }}
                role="tab"
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                style={{
                  cursor: 'pointer',
                  userSelect: 'none',
                  marginInlineEnd: 0,
                  transition: 'none',
                  ...(active ? { background: shade, borderColor: shade, color: '#fff' } : {}),
                }}
                onClick={() => navigate(view.path)}
                onKeyDown={(e) => onKeyDown(e, index)}
              >
                {titleOf(view)}
                {!view.affix && (
                  <CloseOutlined
                    aria-label={`${t('shell.tags.close')} ${titleOf(view)}`}
                    style={{ marginLeft: 6, fontSize: 10 }}
                    onClick={(e) => {
                      e.stopPropagation();
                      close(view);
                    }}
                  />
                )}
              </Tag>
            </Dropdown>
          );
        })}
      </Space>
    </nav>
  );
}
