// /sso/{code} opened by URL (a bookmark, a link from elsewhere) does what the menu entry does: it opens the partner
// system of a single-sign-on module the user holds in a new window. Without a click the browser may block that
// window; the page then offers the button that opens it. A module the user does not hold answers 401, a code that
// is no single-sign-on module 404.
import type { RouteItem } from '@portal/contract';
import { Button, Result, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { localizeMenu } from '../lib/routes';
import { useUserStore } from '../stores/user';
import { type SsoOutcome, isSso, openSso } from './sso';

function findModule(items: RouteItem[], code: string): RouteItem | undefined {
  for (const item of items) {
    const found = item.moudleCode === code ? item : findModule(item.children, code);
    if (found) return found;
  }
  return undefined;
}

export default function SsoPage() {
  const { moudleCode = '' } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const menu = useUserStore((s) => s.menu);
  const module = isSso(moudleCode) ? findModule(localizeMenu(menu ?? [], i18n.language), moudleCode) : undefined;
  const [outcome, setOutcome] = useState<SsoOutcome | 'opening'>('opening');
  const tried = useRef('');

  useEffect(() => {
    if (!module || tried.current === moudleCode) return;
    tried.current = moudleCode;
    void openSso(moudleCode).then((result) => {
      // Opened: the user is where a click on the menu would have left them, in the portal.
      if (result === 'opened') navigate('/dashboard', { replace: true });
      else setOutcome(result);
    });
  }, [module, moudleCode, navigate]);

  if (!isSso(moudleCode)) return <ErrorPage status={404} />;
  if (!module) return <ErrorPage status={401} />;
  const name = module.meta.title;
  const open = () => {
    setOutcome('opening');
    void openSso(moudleCode).then(setOutcome);
  };
  return (
    <Result
      status={outcome === 'failed' ? 'warning' : 'info'}
      title={name}
      subTitle={
        outcome === 'opening'
          ? t('shell.ssoOpening', { name })
          : outcome === 'opened'
            ? t('shell.ssoOpened', { name })
            : t(`shell.sso.${outcome}`)
      }
      extra={
        <Space wrap>
          <Button type="primary" loading={outcome === 'opening'} onClick={open}>
            {t('shell.ssoOpen', { name })}
          </Button>
          <Button onClick={() => navigate('/dashboard', { replace: true })}>{t('errors.backHome')}</Button>
        </Space>
      }
    />
  );
}
