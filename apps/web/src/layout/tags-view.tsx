// The tags view: one tab per visited route; Refresh, Close, Close Others, Close All in a context menu;
// affix tabs (the dashboard) cannot be closed and survive Close Others and Close All.
import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSettingsStore } from '../stores/settings';
import { type VisitedView, useTagsViewStore } from '../stores/tags-view';

export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const views = useTagsViewStore((s) => s.views);
  const store = useTagsViewStore();
  const theme = useSettingsStore((s) => s.theme);
  const activePath = location.pathname + location.search;

  const close = (view: VisitedView) => {
    const remaining = store.deleteView(view.path);
    if (view.path === activePath) navigate(remaining.at(-1)?.path ?? '/');
  };
  const act = (key: string, view: VisitedView) => {
    if (key === 'refresh') {
      store.refresh(view.path);
      navigate(`/redirect${view.path}`, { replace: true });
    } else if (key === 'close') close(view);
    else if (key === 'closeOthers') {
      store.deleteOthers(view.path);
      navigate(view.path);
    } else if (key === 'closeAll') {
      store.deleteAll();
      const left = useTagsViewStore.getState().views;
      if (!left.some((v) => v.path === activePath)) navigate(left.at(-1)?.path ?? '/');
    }
  };

  return (
    <nav
      aria-label={t('shell.tagsView')}
      style={{ background: '#fff', padding: '4px 12px', borderBottom: '1px solid #e8e8e8', overflowX: 'auto', whiteSpace: 'nowrap' }}
    >
      <Space size={4}>
        {views.map((view) => {
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
                role="tab"
                aria-selected={active}
                color={active ? theme : undefined}
                style={{ cursor: 'pointer', userSelect: 'none', marginInlineEnd: 0 }}
                onClick={() => navigate(view.path)}
              >
                {view.title}
                {!view.affix && (
                  <CloseOutlined
                    aria-label={`${t('shell.tags.close')} ${view.title}`}
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
