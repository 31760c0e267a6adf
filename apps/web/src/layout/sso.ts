// Single-sign-on modules (spec section 2): ms0045, ms0062 and ms0066 open a new window on the partner's
// link instead of navigating; ms0066 also copies a second-verification code to the clipboard.
import { menu } from '@portal/contract';
import { message } from 'antd';
import { ApiFailure, call } from '../api/client';
import i18n from '../i18n';

export const ssoModules = new Set(['ms0045', 'ms0062', 'ms0066']);

export async function openSso(moudleCode: string): Promise<void> {
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
    return;
  }
  if (moudleCode !== 'ms0066') return;
  try {
    const { code } = await call(menu.getSecondVerifyCode, { query: { moudleCode } }, { silent: true });
    await navigator.clipboard.writeText(code);
    void message.success(i18n.t('shell.ssoCopied'), 1.5);
  } catch (err) {
    void message.error(`${i18n.t('shell.ssoCodeFailed')}${err instanceof ApiFailure ? err.message : ''}`, 1.5);
  }
}
