// The settings drawer: theme colour from the palette, tags view, fixed header, sidebar logo; persisted.
// Loaded when first opened (the header holds its button).
import { CheckOutlined } from '@ant-design/icons';
import { Drawer, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { themeColors, useSettingsStore } from '../stores/settings';

/** The settings that are on or off, one switch each (their labels are settings.<key>). */
const switches = ['tagsView', 'fixedHeader', 'sidebarLogo'] as const;

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const settings = useSettingsStore();
  const row = (label: string, control: React.ReactNode, key?: string) => (
    <div key={key} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '12px 0' }}>
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
      {switches.map((key) =>
        row(
          t(`settings.${key}`),
          <Switch aria-label={t(`settings.${key}`)} checked={settings[key]} onChange={(v) => settings.change(key, v)} />,
          key,
        ),
      )}
    </Drawer>
  );
}
