// Providers (antd theme and locale, server state, router) around the routes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { useSettingsStore } from '../stores/settings';
import { csp } from './csp';
import { AppRoutes } from './routes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

const componentSizes = { default: 'large', medium: 'middle', small: 'small', mini: 'small' } as const;

export function App() {
  const { i18n } = useTranslation();
  const theme = useSettingsStore((s) => s.theme);
  const size = useSettingsStore((s) => s.size);
  return (
    <ConfigProvider
      csp={csp}
      locale={i18n.language === 'en' ? enUS : zhCN}
      componentSize={componentSizes[size]}
      theme={{ token: { colorPrimary: theme }, algorithm: size === 'mini' ? antdTheme.compactAlgorithm : antdTheme.defaultAlgorithm }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={import.meta.env.BASE_URL}>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
