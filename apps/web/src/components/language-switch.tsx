// The language choice (zh-CN or English) of the top bar and the login pages; remembered in the browser.
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

export function LanguageSwitch({ withLabel = false }: { withLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  // The name a screen reader says holds the word shown ("语言：中文"), so that a voice user can say what they see.
  const shown = withLabel ? (i18n.language === 'en' ? 'English' : '中文') : undefined;
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
      <Button
        type="text"
        aria-label={shown ? t('punct.labelled', { label: t('shell.language'), value: shown }) : t('shell.language')}
        icon={<GlobalOutlined />}
      >
        {shown}
      </Button>
    </Dropdown>
  );
}
