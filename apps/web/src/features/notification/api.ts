// Calls of the bell, the message centre (ms0120) and the notification settings (ms0121) with their query keys. The
// unread count is one cheap query, polled while the window is shown and read afresh on focus and after the user's
// own changes (the dispatcher writes a message within about a second of the change's commit).
import { type CallBody, notification } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';

export const keys = {
  all: ['notification'] as const,
  unread: ['notification', 'unread'] as const,
  messages: ['notification', 'messages'] as const,
  prefs: ['notification', 'prefs'] as const,
};

/** How often the bell asks for the count while the window is shown. */
export const pollMs = 20_000;

export const unreadQuery = queryOptions({
  queryKey: keys.unread,
  queryFn: () => call(notification.getUnreadCount, {}, { silent: true }),
  refetchInterval: pollMs,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
  staleTime: 5_000,
});

export type MessageQuery = CallBody<typeof notification.getMessages>;

export const messagesQuery = (body: MessageQuery) =>
  queryOptions({
    queryKey: [...keys.messages, body],
    queryFn: () => call(notification.getMessages, { body }),
    placeholderData: keepPreviousData,
  });

export const prefsQuery = queryOptions({ queryKey: keys.prefs, queryFn: () => call(notification.getPreferences, {}) });

const inbox = [keys.unread, keys.messages];

export const useMarkRead = () => useChange((ids: string[]) => call(notification.markRead, { body: { ids } }, { silent: true }), inbox);
export const useMarkAllRead = () =>
  useChange((group: notification.NotificationGroup | undefined) => call(notification.markAllRead, { body: group ? { group } : {} }), inbox);
export const useSavePrefs = () =>
  useChange((body: CallBody<typeof notification.savePreferences>) => call(notification.savePreferences, { body }), [keys.prefs]);

/** Saves the language of the account's e-mails and robot texts (the UI's language, when the user switches). */
export const saveLanguage = (language: 'zh-CN' | 'en') =>
  call(notification.saveLanguage, { body: { language } }, { silent: true }).catch(() => undefined);
