// An external partner page in a frame (spec section 2): only configured external modules over http(s),
// with the user's parameters appended; height = window height - 90 px.
import { Layout as LayoutTokens, menu } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { call } from '../api/client';
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

export default function IframePage() {
  const { t } = useTranslation();
  const { moudleCode = '' } = useParams();
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  const user = useUserStore();
  const { data: modules } = useExternalModules();
  const [height, setHeight] = useState(window.innerHeight - LayoutTokens.frameHeightOffsetPx);
  useEffect(() => {
    const resize = () => setHeight(window.innerHeight - LayoutTokens.frameHeightOffsetPx);
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  if (!modules) return <Spin />;
  const module = modules.find((m) => m.moudleCode === moudleCode && m.kind === 'frame');
  if (!module || module.url !== src || !isValidUrl(src)) return <Result status="warning" title={t('shell.frameRefused')} subTitle={src} />;
  return (
    <iframe title={module.name} src={frameUrl(src, moudleCode, user)} style={{ width: '100%', height, border: 0, display: 'block' }} />
  );
}
