import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a path of the app with its query', () => {
    expect(safeRedirect('/purOrder?billNumber=PO1')).toBe('/purOrder?billNumber=PO1');
  });

  it('sends anything else to the dashboard: other hosts, schemes, nothing', () => {
    for (const target of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
      'purOrder',
      '',
      null,
      undefined,
    ])
      expect(safeRedirect(target)).toBe('/dashboard');
  });
});
