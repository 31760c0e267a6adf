// What the usage-log records say of the browser (spec section 3): guid, os, device, display, network.
const guidKey = 'portal-guid';

export function guid(): string {
  let value = localStorage.getItem(guidKey);
  if (!value) {
    value = crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    localStorage.setItem(guidKey, value);
  }
  return value;
}

export function osName(userAgent = navigator.userAgent): string {
  if (/Windows/i.test(userAgent)) return 'Windows';
  if (/Android/i.test(userAgent)) return 'Android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS';
  if (/Mac OS X/i.test(userAgent)) return 'macOS';
  if (/Linux/i.test(userAgent)) return 'Linux';
  return 'Other';
}

export function deviceType(width = window.innerWidth): 'mobile' | 'desktop' {
  return width < 992 ? 'mobile' : 'desktop';
}

export function networkType(): string {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return connection?.effectiveType ?? 'unknown';
}

export function display(): string {
  return `${window.screen.width}*${window.screen.height}`;
}
