// The page's CSP nonce (the server writes it into <meta property="csp-nonce"> of every index.html): antd
// puts it on the <style> elements of its CSS-in-JS, those of the static message API included.
import { ConfigProvider } from 'antd';

/**
 * The nonce of this page; browsers hide the attribute from getAttribute, the property keeps it. Outside a
 * page (unit tests in Node that import the grid) there is none.
 */
export const cspNonce =
  typeof document === 'undefined' ? '' : (document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '');

export const csp = { nonce: cspNonce };

/** The static message/notification/Modal calls render outside the app's ConfigProvider: give them the nonce too. */
export function configureStaticCsp(): void {
  ConfigProvider.config({ holderRender: (children) => <ConfigProvider csp={csp}>{children}</ConfigProvider> });
}
