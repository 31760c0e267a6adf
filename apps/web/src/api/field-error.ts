// Server messages name the field they are about ("body.mobile: 手机号码已被使用"); forms show them by it.
import { ApiFailure } from './client';

export function fieldError(err: unknown): { field: string; message: string } | null {
  if (!(err instanceof ApiFailure)) return null;
  const match = /^(?:body|query)\.([A-Za-z0-9_]+):\s*(.+)$/s.exec(err.message);
  return match ? { field: match[1]!, message: match[2]! } : null;
}
