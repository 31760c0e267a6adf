// Passwords leave the browser encrypted with the server's RSA key (RSA-OAEP, SHA-256), as the spec asks.
function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

export class InsecureContextError extends Error {}

let cachedKey: { pem: string; key: Promise<CryptoKey> } | undefined;

export async function encryptWith(pem: string, password: string): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new InsecureContextError('crypto.subtle unavailable');
  if (cachedKey?.pem !== pem) {
    cachedKey = { pem, key: crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']) };
  }
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, await cachedKey.key, new TextEncoder().encode(password));
  let binary = '';
  for (const byte of new Uint8Array(cipher)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
