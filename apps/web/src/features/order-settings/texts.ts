// Texts of the order collaboration settings (zh-CN default, en), merged into the app's translations by i18n/index.ts.
import type { Texts } from '../../i18n/texts';

export const zhCN = {
  orderSettings: {
    title: '订单协同设置',
    intro: '供应商确认订单、制作送货单和预约送货时遵循的规则。修改对之后的操作生效。',
    labels: {
      orderConfirmHours: '接单确认时限（小时）',
      overDeliveryPercent: '送货单超订单容差（%）',
      minShelfLifeRatio: '到货最低剩余保质期比例',
      bookingHorizonDays: '预约送货最远天数',
    },
    help: {
      orderConfirmHours: '订单下达（或变更后重新下达）后供应商须在此时限内确认或拒绝，超时的订单列入订单确认监控。范围 1-720。',
      overDeliveryPercent: '送货数量最多可超出已确认数量的百分比。0 表示不允许超送。范围 0-100，最多两位小数。',
      minShelfLifeRatio:
        '预计到货时剩余保质期占全部保质期的最低比例，低于此比例的送货单行不能提交（临期拒收）。0 表示不检查。范围 0-0.99。',
      bookingHorizonDays: '供应商最多可预约今天之后多少天内的月台时段。范围 1-90。',
    },
    save: '保存',
    reset: '还原',
    saved: '设置已保存',
    unchanged: '设置没有变化',
    history: '修改记录',
    historyEmpty: '还没有修改记录',
    change: '{{name}}：{{before}} → {{after}}',
  },
} as const;

export const en: Texts<typeof zhCN> = {
  orderSettings: {
    title: 'Order collaboration settings',
    intro: 'The rules suppliers follow when they confirm orders, make delivery notes and book deliveries. A change applies from then on.',
    labels: {
      orderConfirmHours: 'Hours to confirm an order',
      overDeliveryPercent: 'Over-delivery tolerance (%)',
      minShelfLifeRatio: 'Least shelf life left at arrival (share)',
      bookingHorizonDays: 'Days ahead a delivery may be booked',
    },
    help: {
      orderConfirmHours:
        'A supplier should confirm or decline an order within this many hours of its issue (or reissue after a change); late ones show in Order confirmations. 1 to 720.',
      overDeliveryPercent:
        'How far above the confirmed quantity a delivery note may go, in percent. 0: no over-delivery. 0 to 100, two decimals at most.',
      minShelfLifeRatio:
        'The share of the whole shelf life that must be left at the expected arrival; a note line below it is refused as near expiry. 0: not checked. 0 to 0.99.',
      bookingHorizonDays: 'How many days after today a supplier may book a dock slot. 1 to 90.',
    },
    save: 'Save',
    reset: 'Undo changes',
    saved: 'Settings saved',
    unchanged: 'Nothing changed',
    history: 'Changes',
    historyEmpty: 'No changes yet',
    change: '{{name}}: {{before}} → {{after}}',
  },
};
