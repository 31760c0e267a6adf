// 订单协同设置 (ms0124, staff admin): the tenant's settings of the order conversation (issue 29), kept as system
// parameters and read by the areas that apply them: hours to confirm an order (purchase orders, the ingest), the
// over-delivery tolerance and the shelf-life rule of delivery notes, and how far ahead a dock slot may be booked.
// Each change is a history entry (who, when, each value before and after).
import { z } from 'zod';
import { defineCall } from './call';
import { defaultBookingHorizonDays } from './dock';
import { ModuleCode } from './modules';

export const settingsModule = ModuleCode.orderSettings;

/** The settings, in the order the screen shows them (each a system_param of the tenant by this code). */
export const settingCodes = ['orderConfirmHours', 'overDeliveryPercent', 'minShelfLifeRatio', 'bookingHorizonDays'] as const;
export type SettingCode = (typeof settingCodes)[number];

/** Each setting's name (the system_param's parameter_name) and its English label. */
export const settingName: Record<SettingCode, string> = {
  orderConfirmHours: '接单确认时限（小时）',
  overDeliveryPercent: '送货单超订单容差(%)',
  minShelfLifeRatio: '收货最低剩余保质期比例(0 不检查)',
  bookingHorizonDays: '预约送货最远天数',
};
export const settingNameEn: Record<SettingCode, string> = {
  orderConfirmHours: 'Hours to confirm an order',
  overDeliveryPercent: 'Over-delivery tolerance (%)',
  minShelfLifeRatio: 'Least shelf life left at arrival (share, 0: not checked)',
  bookingHorizonDays: 'Days ahead a delivery may be booked',
};

/** The ranges the screen and the server hold the values to. */
export const settingLimits = {
  orderConfirmHours: { min: 1, max: 720 },
  overDeliveryPercent: { min: 0, max: 100 },
  minShelfLifeRatio: { min: 0, max: 0.99 },
  bookingHorizonDays: { min: 1, max: 90 },
} as const satisfies Record<SettingCode, { min: number; max: number }>;

const whole = (code: 'orderConfirmHours' | 'bookingHorizonDays') => {
  const { min, max } = settingLimits[code];
  return z.number({ error: '请填写整数' }).int('请填写整数').min(min, `不能小于 ${min}`).max(max, `不能大于 ${max}`);
};

export const orderSettings = z.object({
  /** Hours after an order is issued (or reissued) by which the supplier should answer it. */
  orderConfirmHours: whole('orderConfirmHours'),
  /** How far above the confirmed quantity a delivery note may go, in percent of it (two decimals). */
  overDeliveryPercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, '请填写 0 到 100 之间的数，最多两位小数')
    .refine((v) => Number(v) <= settingLimits.overDeliveryPercent.max, '请填写 0 到 100 之间的数，最多两位小数'),
  /** The share of the whole shelf life that must be left at arrival (0 to 0.99; 0: not checked). */
  minShelfLifeRatio: z
    .string()
    .trim()
    .regex(/^0(\.\d{1,2})?$/, '请填写 0 到 0.99 之间的比例，最多两位小数'),
  /** How many days ahead of today a supplier may book a dock slot. */
  bookingHorizonDays: whole('bookingHorizonDays'),
});
export type OrderSettings = z.infer<typeof orderSettings>;

/** What a tenant without the parameter (or with a value the rules cannot read) gets: what the areas fall back to. */
export const settingDefaults: OrderSettings = {
  orderConfirmHours: 24,
  overDeliveryPercent: '0',
  minShelfLifeRatio: '0',
  bookingHorizonDays: defaultBookingHorizonDays,
};

/** One change of the settings: who, when, and each value that changed (as stored, before and after). */
export const settingsChange = z.object({
  /** ISO time. */
  at: z.string(),
  actorCode: z.string(),
  actorName: z.string(),
  changes: z.array(z.object({ code: z.enum(settingCodes), before: z.string(), after: z.string() })),
});
export type SettingsChange = z.infer<typeof settingsChange>;

const answer = z.object({ settings: orderSettings, history: z.array(settingsChange) });

export const getOrderSettings = defineCall({
  area: 'order-settings',
  method: 'GET',
  path: '/orderSettings/get',
  module: settingsModule,
  summary:
    "The tenant's settings of order confirmation, delivery notes and dock bookings, with the history of their changes (newest first)",
  data: answer,
});

export const saveOrderSettings = defineCall({
  area: 'order-settings',
  method: 'POST',
  path: '/orderSettings/save',
  module: settingsModule,
  changes: true,
  summary:
    'Changes the settings (each within its range); the values that changed are written with a history entry of before and after, in one transaction',
  body: orderSettings,
  data: answer,
});
