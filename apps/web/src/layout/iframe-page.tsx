// An external partner page in a frame (spec section 2): only configured external modules over http(s),
// with the user's parameters appended; height = window height - 90 px. A partner that does not answer gets the
// portal's own message and a retry, not the browser's broken-page icon in the frame.

import { Layout as LayoutTokens, menu } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { call } from '../api/client';
import { moduleNameIn } from '../lib/routes';
import { isValidUrl } from '../lib/validate';
import { useUserStore } from '../stores/user';

export function useExternalModules() {
  return useQuery({ queryKey: ['external-modules'], queryFn: () => call(menu.getExternalModules), staleTime: 300_000 });
}

export function frameUrl(
  src: string,
  moudleCode: string,
  user: { tenantid: string; employeeCode: string; employeeName: string; supplierCode: string; supplierName: string },
): string {
  const url = new URL(src);
  const params: Record<string, string> = {
    setCookie: '1',
    platform: user.tenantid,
    employeeCode: user.employeeCode,
    employeeName: user.employeeName,
    supplierCode: user.supplierCode,
    supplierName: user.supplierName,
    moudleCode,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** How long a partner page may take to answer the check before it counts as unreachable. */
const reachTimeoutMs = 10_000;

/**
 * Whether the partner's server answers at all: a no-cors request resolves on any HTTP answer (opaque) and
 * rejects on a refused connection, a failed DNS look-up or a TLS error, which the frame's load event cannot
 * tell apart from a page (it fires for the browser's error page too).
 */
function useReachable(url: string | null, attempt: number): boolean | undefined {
  const [result, setResult] = useState<{ key: string; reachable: boolean }>();
  const key = `${url}#${attempt}`;
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), reachTimeoutMs);
    fetch(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal }).then(
      () => setResult({ key, reachable: true }),
      () => setResult({ key, reachable: false }),
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, key]);
  return result?.key === key ? result.reachable : undefined;
}

export default function IframePage() {
  const { t, i18n } = useTranslation();
  const { moudleCode = '' } = useParams();
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  const user = useUserStore();
  const { data: modules } = useExternalModules();
  const [attempt, setAttempt] = useState(0);
  const [height, setHeight] = useState(window.innerHeight - LayoutTokens.frameHeightOffsetPx);
  useEffect(() => {
    const resize = () => setHeight(window.innerHeight - LayoutTokens.frameHeightOffsetPx);
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  const module = modules?.find((m) => m.moudleCode === moudleCode && m.kind === 'frame');
  const allowed = !!module && module.url === src && isValidUrl(src);
  const reachable = useReachable(allowed ? src : null, attempt);
  if (!modules) return <Spin />;
  if (!module || !allowed) return <Result status="warning" title={t('shell.frameRefused')} subTitle={src} />;
  if (reachable === false)
    return (
      <Result
        status="warning"
        title={t('shell.frameUnreachable', { name: moduleNameIn(moudleCode, module.name, i18n.language) })}
        subTitle={new URL(src).origin}
        extra={
          <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('shell.frameRetry')}
          </Button>
        }
      />
    );
  // Hidden, its space kept, until the check answers: the broken-page icon never shows.
  return (
    <iframe
      key={attempt}
      title={module.name}
      src={frameUrl(src, moudleCode, user)}
      style={{ width: '100%', height, border: 0, display: 'block', visibility: reachable ? 'visible' : 'hidden' }}
    />
  );
}
