// The workflow of a dock booking: a supplier books (待确认), moves (待确认 again) or cancels (已取消); the
// receiving desk confirms (已确认), moves (已确认) or refuses with a reason (已拒绝). Slots' upkeep leaves
// its history under the slot's own record type.
import { type BookingStatus, dock } from '@portal/contract';
import { type Who, defineWorkflow } from '../../platform/workflow/definition';

const booker: readonly Who[] = [{ kind: 'main' }, { kind: 'child', button: 'book' }];
const canceller: readonly Who[] = [{ kind: 'main' }, { kind: 'child', button: 'cancel' }];
const desk: readonly Who[] = [
  { kind: 'staff', role: 'admin' },
  { kind: 'staff', role: 'receiving' },
];
const live: readonly BookingStatus[] = dock.liveBookingStatuses;

export const bookingFlow = defineWorkflow({
  record: 'dock-booking',
  label: '送货预约',
  labelEn: 'delivery booking',
  module: dock.bookingModule,
  statusText: dock.bookingStatusText,
  statusTextEn: dock.bookingStatusTextEn,
  transitions: {
    book: { from: [], to: '待确认', who: booker, label: '预约', labelEn: 'book' },
    move: { from: live, to: '待确认', who: booker, label: '改约', labelEn: 'move' },
    cancel: { from: live, to: '已取消', who: canceller, label: '取消预约', labelEn: 'cancel' },
    confirm: { from: ['待确认'], to: '已确认', who: desk, label: '确认', labelEn: 'confirm' },
    reschedule: { from: live, to: '已确认', who: desk, label: '调整时段', labelEn: 'move' },
    refuse: { from: live, to: '已拒绝', who: desk, label: '拒绝', labelEn: 'refuse' },
  },
});

type SlotState = '开放' | '关闭';
export const slotFlow = defineWorkflow<SlotState, 'generate' | 'capacity' | 'close' | 'open'>({
  record: 'dock-slot',
  label: '月台时段',
  labelEn: 'dock slot',
  module: dock.boardModule,
  statusText: { 开放: '开放', 关闭: '关闭' },
  statusTextEn: { 开放: 'open', 关闭: 'closed' },
  transitions: {
    generate: { from: [], to: '开放', who: desk, label: '生成', labelEn: 'generate' },
    capacity: { from: ['开放', '关闭'], who: desk, label: '修改容量', labelEn: 'change the capacity of' },
    close: { from: ['开放'], to: '关闭', who: desk, label: '关闭', labelEn: 'close' },
    open: { from: ['关闭'], to: '开放', who: desk, label: '开放', labelEn: 'open' },
  },
});
