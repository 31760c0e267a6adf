// Calls of delivery appointments (预约送货 ms0116) and the dock board (月台预约 ms0117) with their query keys;
// every change refreshes the notes, free slots and board it touches.
import { type CallBody, dock } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';

const keys = {
  notes: ['dock', 'notes'] as const,
  free: ['dock', 'free'] as const,
  board: ['dock', 'board'] as const,
  depts: ['dock', 'depts'] as const,
};

export const notesQuery = queryOptions({ queryKey: keys.notes, queryFn: () => call(dock.listNotes, {}) });

export const freeSlotsQuery = (noteNumber: string | undefined) =>
  queryOptions({
    queryKey: [...keys.free, noteNumber],
    queryFn: () => call(dock.freeSlots, { query: { noteNumber: noteNumber! } }),
    enabled: Boolean(noteNumber),
  });

export const deptsQuery = queryOptions({ queryKey: keys.depts, queryFn: () => call(dock.docks, {}), staleTime: 300_000 });

export const boardQuery = (query: { deptCode: string | undefined; from: string; days: number }) =>
  queryOptions({
    queryKey: [...keys.board, query],
    queryFn: () => call(dock.board, { query: { deptCode: query.deptCode!, from: query.from, days: query.days } }),
    enabled: Boolean(query.deptCode),
  });

const supplierSide = [keys.notes, keys.free];
const staffSide = [keys.board];

// A full slot's refusal carries the next free slots: the screen shows them, so no toast.
export const useBook = () => useChange((body: CallBody<typeof dock.book>) => call(dock.book, { body }, { silent: true }), supplierSide);
export const useMove = () => useChange((body: CallBody<typeof dock.move>) => call(dock.move, { body }, { silent: true }), supplierSide);
export const useCancel = () => useChange((bookingId: number) => call(dock.cancel, { body: { bookingId } }), supplierSide);

export const useConfirm = () => useChange((bookingId: number) => call(dock.confirm, { body: { bookingId } }), staffSide);
export const useRefuse = () => useChange((body: CallBody<typeof dock.refuse>) => call(dock.refuse, { body }), staffSide);
export const useReschedule = () => useChange((body: CallBody<typeof dock.reschedule>) => call(dock.reschedule, { body }), staffSide);
export const useGenerate = () => useChange((body: CallBody<typeof dock.generateSlots>) => call(dock.generateSlots, { body }), staffSide);
export const useSetCapacity = () => useChange((body: CallBody<typeof dock.setCapacity>) => call(dock.setCapacity, { body }), staffSide);
export const useCloseSlot = () => useChange((body: CallBody<typeof dock.closeSlot>) => call(dock.closeSlot, { body }), staffSide);
