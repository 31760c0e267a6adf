// The language choice (zh-CN or English) of the top bar and the login pages; remembered in the browser.
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

export function LanguageSwitch({ withLabel = false }: { withLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: [
          { key: 'zh-CN', label: <span lang="zh-CN">中文</span> },
          { key: 'en', label: <span lang="en">English</span> },
        ],
        onClick: ({ key }) => {
          localStorage.setItem('language', key);
          void i18n.changeLanguage(key);
        },
      }}
    >
      <Button type="text" aria-label={t('shell.language')} icon={<GlobalOutlined />}>
        {withLabel && (i18n.language === 'en' ? 'English' : '中文')}
      </Button>
    </Dropdown>
  );
}
