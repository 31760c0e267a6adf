// Calls of delivery notes (the supplier's ms0114) and of receiving them (the staff's ms0115), with their query keys.
import { type CallBody, type CallData, deliveryNote } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type NoteListQuery = CallBody<typeof deliveryNote.getDeliveryNotePage>;
export type NoteDetail = CallData<typeof deliveryNote.getDeliveryNoteDetail>;
export type NoteLine = NoteDetail['lines'][number];
export type OpenLine = CallData<typeof deliveryNote.getOpenLines>['lines'][number];
export type NewNote = CallBody<typeof deliveryNote.createDeliveryNote>;
export type ReceivingBody = CallBody<typeof deliveryNote.postReceiving>;

export const noteKeys = { all: ['delivery-notes'] as const };

export const notePageQuery = (query: NoteListQuery) =>
  queryOptions({
    queryKey: [...noteKeys.all, 'page', query],
    queryFn: () => call(deliveryNote.getDeliveryNotePage, { body: query }),
    placeholderData: (previous) => previous,
  });

export const openLinesQuery = (deptCode: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: [...noteKeys.all, 'open', deptCode ?? ''],
    queryFn: () => call(deliveryNote.getOpenLines, { query: deptCode ? { deptCode } : {} }),
    enabled,
  });

/** Silent: the page shows why a note cannot be opened in its place. */
export const noteDetailQuery = (noteNumber: string) =>
  queryOptions({
    queryKey: [...noteKeys.all, 'detail', noteNumber],
    queryFn: () => call(deliveryNote.getDeliveryNoteDetail, { query: { noteNumber } }, { silent: true }),
    enabled: Boolean(noteNumber),
    retry: false,
  });

export const createNote = (body: NewNote) => call(deliveryNote.createDeliveryNote, { body });
export const cancelNote = (noteNumber: string) => call(deliveryNote.cancelDeliveryNote, { body: { noteNumber } });

export const receivingNote = (noteNumber: string) => call(deliveryNote.getReceivingNote, { query: { noteNumber } }, { silent: true });
export const postReceiving = (body: ReceivingBody) => call(deliveryNote.postReceiving, { body });

/** Where a note prints: the A4 page without the shell, in a window of its own. */
export const printHref = (noteNumber: string) =>
  `${import.meta.env.BASE_URL.replace(/\/?$/, '/')}deliveryNotePrint?${new URLSearchParams({ noteNumber }).toString()}`;
