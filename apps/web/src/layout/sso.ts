// Single-sign-on modules (spec section 2, ssoModules of the contract) open a new window on the partner's
// link instead of navigating; the bank module also copies a second-verification code to the clipboard.
import { menu, ModuleCode, ssoModules } from '@portal/contract';
import { message } from 'antd';
import { ApiFailure, call } from '../api/client';
import i18n from '../i18n';

const ssoCodes = new Set(ssoModules);

export const isSso = (moudleCode: string): boolean => ssoCodes.has(moudleCode);

/** How an opening went: the partner's window opened, the browser blocked it, or the link could not be had. */
export type SsoOutcome = 'opened' | 'blocked' | 'failed';

export async function openSso(moudleCode: string): Promise<SsoOutcome> {
  // Opened at once, inside the click, so that no popup blocker stops it; the address follows.
  const win = window.open('about:blank', '_blank');
  try {
    const { url } = await call(menu.getSsoLink, { query: { moudleCode } });
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else window.open(url, '_blank', 'noopener');
  } catch {
    win?.close();
    return 'failed';
  }
  if (moudleCode === ModuleCode.bankDirect) await copySecondVerifyCode(moudleCode);
  // A window opened with noopener is never handed back, so a blocked first try counts as blocked.
  return win ? 'opened' : 'blocked';
}

async function copySecondVerifyCode(moudleCode: string): Promise<void> {
  try {
    const { code } = await call(menu.getSecondVerifyCode, { query: { moudleCode } }, { silent: true });
    await navigator.clipboard.writeText(code);
    void message.success(i18n.t('shell.ssoCopied'), 1.5);
  } catch (err) {
    void message.error(`${i18n.t('shell.ssoCodeFailed')}${err instanceof ApiFailure ? err.message : ''}`, 1.5);
  }
}
