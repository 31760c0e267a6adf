// Where a record prints: the print preview (/preview, without the shell), opened in a window of its own so
// that the page the user came from stays as it was.
import type { common } from '@portal/contract';

export function previewHref(printType: common.PrintType, billNumber: string, suppCode?: string): string {
  const params = new URLSearchParams({ type: printType, billNumber });
  if (suppCode) params.set('suppCode', suppCode);
  return `${import.meta.env.BASE_URL.replace(/\/?$/, '/')}preview?${params.toString()}`;
}
