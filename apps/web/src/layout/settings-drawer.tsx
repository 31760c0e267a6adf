// The settings drawer: theme colour from the palette, tags view, fixed header, sidebar logo; persisted.
// Loaded when first opened (the header holds its button).
import { CheckOutlined } from '@ant-design/icons';
import { Drawer, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { themeColors, useSettingsStore } from '../stores/settings';

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const settings = useSettingsStore();
  const row = (label: string, control: React.ReactNode) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '12px 0' }}>
      <Typography.Text>{label}</Typography.Text>
      {control}
    </div>
  );
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={300}>
      {row(
        t('settings.theme'),
        <Space size={4} wrap style={{ maxWidth: 160 }} role="radiogroup" aria-label={t('settings.theme')}>
          {themeColors.map((color) => (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={settings.theme === color}
              aria-label={color}
              onClick={() => settings.change('theme', color)}
              style={{
                width: 20,
                height: 20,
                borderRadius: 3,
                border: 'none',
                background: color,
                cursor: 'pointer',
                color: '#fff',
                padding: 0,
              }}
            >
              {settings.theme === color && <CheckOutlined style={{ fontSize: 12 }} />}
            </button>
          ))}
        </Space>,
      )}
      {row(
        t('settings.tagsView'),
        <Switch aria-label={t('settings.tagsView')} checked={settings.tagsView} onChange={(v) => settings.change('tagsView', v)} />,
      )}
      {row(
        t('settings.fixedHeader'),
        <Switch
          aria-label={t('settings.fixedHeader')}
          checked={settings.fixedHeader}
          onChange={(v) => settings.change('fixedHeader', v)}
        />,
      )}
      {row(
        t('settings.sidebarLogo'),
        <Switch
          aria-label={t('settings.sidebarLogo')}
          checked={settings.sidebarLogo}
          onChange={(v) => settings.change('sidebarLogo', v)}
        />,
      )}
    </Drawer>
  );
}
