// The page's CSP nonce (the server writes it into <meta property="csp-nonce"> of every index.html): antd
// puts it on the <style> elements of its CSS-in-JS, those of the static message API included.
import { ConfigProvider } from 'antd';
import { prefersReducedMotion } from '../lib/reduced-motion';

/**
 * The nonce of this page; browsers hide the attribute from getAttribute, the property keeps it. Outside a
 * page (unit tests in Node that import the grid) there is none.
 */
export const cspNonce =
  typeof document === 'undefined' ? '' : (document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '');

export const csp = { nonce: cspNonce };

/** The static message/notification/Modal calls render outside the app's ConfigProvider: give them the nonce too (and no motion when the user asks for none). */
export function configureStaticCsp(): void {
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider csp={csp} theme={{ token: { motion: !prefersReducedMotion() } }}>
        {children}
      </ConfigProvider>
    ),
  });
}

/**
 * A library that adds a <style> element of its own without the nonce (rc-util does, for the scroll lock of every
 * Modal and Drawer and for its scrollbar measure) has it blocked by style-src, with a console error each time:
 * such an element gets the page's nonce as it is inserted. Styles written into markup (innerHTML) get none.
 */
export function nonceInsertedStyles(): void {
  if (!cspNonce) return;
  const give = (node: Node) => {
    if (node instanceof HTMLStyleElement && !node.nonce) node.nonce = cspNonce;
  };
  const { appendChild, insertBefore } = Node.prototype;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    give(node);
    return appendChild.call(this, node) as T;
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    give(node);
    return insertBefore.call(this, node, child) as T;
  };
}
