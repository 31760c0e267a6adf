// Calls of 我的会话 (the caller's own sessions) with their query key; endings refresh the list.
import { session } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';

export const sessionKeys = { mine: ['sessions', 'mine'] as const };

export const mySessionsQuery = queryOptions({ queryKey: sessionKeys.mine, queryFn: () => call(session.listMine, {}) });

export const useEndSession = () => useChange((id: string) => call(session.endMine, { body: { id } }), [sessionKeys.mine]);
export const useEndOtherSessions = () => useChange(() => call(session.endOthers, {}), [sessionKeys.mine]);
