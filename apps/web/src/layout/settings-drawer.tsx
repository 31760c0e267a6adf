// The settings drawer: theme colour from the palette, tags view, fixed header, sidebar logo; persisted.
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { themeColors, useSettingsStore } from '../stores/settings';

export function SettingsDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const settings = useSettingsStore();
  const row = (label: string, control: React.ReactNode) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '12px 0' }}>
      <Typography.Text>{label}</Typography.Text>
      {control}
    </div>
  );
  return (
    <>
      <Button type="text" aria-label={t('shell.settings')} icon={<SettingOutlined />} onClick={() => setOpen(true)} />
      <Drawer open={open} onClose={() => setOpen(false)} title={t('settings.title')} size={300}>
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
    </>
  );
}
