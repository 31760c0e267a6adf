// Providers (antd theme and locale, server state, router) around the routes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { StepUpDialog } from '../features/auth/step-up-dialog';
import { LoginNotices } from '../layout/login-notices';
import { primaryShade, textShade } from '../lib/contrast';
import { useReducedMotion } from '../lib/reduced-motion';
import { useSettingsStore } from '../stores/settings';
import { csp } from './csp';
import { AppRoutes } from './routes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

const componentSizes = { default: 'large', medium: 'middle', small: 'small', mini: 'small' } as const;

/**
 * The theme colour (#409EFF by default) stays the brand; text in it and on it (buttons, links, selected menu
 * entries and tabs) takes its darker shade, and grey texts are dark enough, so that text reaches 4.5:1 (WCAG AA).
 */
function tokensOf(theme: string, motion: boolean) {
  const primary = primaryShade(theme);
  return {
    motion,
    colorPrimary: primary,
    colorLink: primary,
    colorInfo: theme,
    colorError: textShade('#ff4d4f'),
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  };
}

export function App() {
  const { i18n } = useTranslation();
  const theme = useSettingsStore((s) => s.theme);
  const size = useSettingsStore((s) => s.size);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      csp={csp}
      locale={i18n.language === 'en' ? enUS : zhCN}
      componentSize={componentSizes[size]}
      theme={{
        token: tokensOf(theme, !reducedMotion),
        algorithm: size === 'mini' ? antdTheme.compactAlgorithm : antdTheme.defaultAlgorithm,
      }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={import.meta.env.BASE_URL}>
            <AppRoutes />
            <LoginNotices />
            <StepUpDialog />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
