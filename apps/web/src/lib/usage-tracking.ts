// Usage logging (spec sections 2, 3 and 7): the record after login (log type 40000), a tracking record on
// each route change, and stay records when entering and leaving a module (a keepalive request when the page goes: unlike sendBeacon it carries the double-submit header).
import { LogConstants, usageLog } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { call } from '../api/client';
import { deviceType, display, guid, networkType, osName } from './device';
import type { PageRoute } from './routes';
import { useUserStore } from '../stores/user';

export const trackingLogType = '40001';

export function sendUsage(logtype: string): void {
  const user = useUserStore.getState();
  const now = new Date();
  void call(
    usageLog.sendUsageLog,
    {
      body: {
        fronttime: now.toISOString(),
        guid: guid(),
        userid: user.employeeCode,
        userName: user.employeeName,
        platform: LogConstants.platform,
        platformid: user.tenantid,
        platformname: user.companyName,
        envnum: import.meta.env.MODE,
        appid: LogConstants.appid,
        curpageurl: window.location.pathname + window.location.search,
        os: osName(),
        display: display(),
        devicetype: deviceType(),
        nettype: networkType(),
        logtype,
      },
    },
    { silent: true },
  ).catch(() => undefined);
}

interface Stay {
  moduleCode: string;
  moduleName: string;
  since: number;
}

function saveStay(stay: Stay, operateType: 0 | 5, leaving = false): void {
  const body = {
    moduleCode: stay.moduleCode,
    moduleName: stay.moduleName,
    operateType,
    operateIP: '',
    stayTime: operateType === 5 ? Math.round((Date.now() - stay.since) / 1000) : 0,
  };
  void call(usageLog.saveModuleLog, { body }, { silent: true, keepalive: leaving }).catch(() => undefined);
}

/** Tracks route changes and module stays while the shell is shown. */
export function useUsageTracking(routes: PageRoute[]): void {
  const location = useLocation();
  const current = useRef<Stay | null>(null);

  useEffect(() => {
    sendUsage(trackingLogType);
    const route = routes.find((r) => r.path === location.pathname);
    if (current.current?.moduleCode === route?.moudleCode) return;
    if (current.current) saveStay(current.current, 5);
    current.current = route ? { moduleCode: route.moudleCode, moduleName: route.title, since: Date.now() } : null;
    if (current.current) saveStay(current.current, 0);
  }, [location.pathname, routes]);

  useEffect(() => {
    const leave = () => {
      if (current.current) saveStay(current.current, 5, true);
      current.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, []);
}
