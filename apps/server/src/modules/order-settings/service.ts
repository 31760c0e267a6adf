// Rules of the order collaboration settings: staff read them (a value the areas cannot read shows as the default
// they fall back to) and change them within their ranges (the contract's schema); only the values that changed are
// written, with one history entry of each before and after, in the same transaction.
import { type OrderSettings, type SettingCode, type SettingsChange, orderSettings } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import { transact } from '../../platform/sql/transaction';
import * as repo from './repo';

const { settingCodes, settingDefaults, settingName } = orderSettings;

/** Changes a screen lists. */
const shownChanges = 50;

function staffOnly(session: SessionContext): string {
  if (session.kind !== 'staff')
    throw ApiError.forbidden({ 'zh-CN': '只有商户员工可以修改订单协同设置', en: "Only the retailer's staff can change these settings" });
  return session.tenantId;
}

/** A stored text as a setting's value; undefined when the schema refuses it (the areas then use the default). */
function read<K extends SettingCode>(code: K, raw: string | undefined): OrderSettings[K] | undefined {
  if (raw === undefined) return undefined;
  const input = typeof settingDefaults[code] === 'number' ? (/^\s*-?\d+\s*$/.test(raw) ? Number(raw) : raw) : raw;
  const parsed = orderSettings.orderSettings.shape[code].safeParse(input);
  return parsed.success ? (parsed.data as OrderSettings[K]) : undefined;
}

/** The stored values as the settings: each one the schema accepts, else its default. */
function settingsOf(stored: Map<string, string>): OrderSettings {
  const one = <K extends SettingCode>(code: K): OrderSettings[K] => read(code, stored.get(code)) ?? settingDefaults[code];
  return {
    orderConfirmHours: one('orderConfirmHours'),
    overDeliveryPercent: one('overDeliveryPercent'),
    minShelfLifeRatio: one('minShelfLifeRatio'),
    bookingHorizonDays: one('bookingHorizonDays'),
  };
}

/** A value as stored: whole numbers as they are, decimals without trailing zeros ('5.50' is '5.5'). */
const storedText = (value: number | string) => (typeof value === 'number' ? String(value) : String(Number(value)));

/** A setting's value before a change as the history tells it: its stored text read, or the text the areas cannot read. */
const beforeText = (code: SettingCode, stored: Map<string, string>) => {
  const raw = stored.get(code);
  const value = read(code, raw);
  return value !== undefined || raw === undefined ? storedText(value ?? settingDefaults[code]) : raw;
};

async function answer(ctx: Pick<AppContext, 'db'>, tenantId: string) {
  const [stored, rows] = await Promise.all([repo.values(ctx.db, tenantId, settingCodes), repo.changes(ctx.db, tenantId, shownChanges)]);
  const history: SettingsChange[] = rows.map((r) => ({
    at: r.at.toISOString(),
    actorCode: r.actor_code,
    actorName: r.actor_name,
    changes: ((r.detail as { changes?: SettingsChange['changes'] }).changes ?? []).filter((c) => settingCodes.includes(c.code)),
  }));
  return { settings: settingsOf(stored), history };
}

export function get(ctx: AppContext, session: SessionContext) {
  return answer(ctx, staffOnly(session));
}

export async function save(ctx: AppContext, session: SessionContext, wanted: OrderSettings) {
  const tenantId = staffOnly(session);
  await transact(ctx.db, async (trx) => {
    const stored = await repo.values(trx, tenantId, settingCodes, true);
    const changes = settingCodes
      .map((code) => ({ code, before: beforeText(code, stored), after: storedText(wanted[code]) }))
      .filter((c) => c.before !== c.after);
    if (changes.length === 0) return;
    await repo.write(
      trx,
      tenantId,
      changes.map((c) => ({ code: c.code, name: settingName[c.code], value: c.after })),
    );
    await repo.recordChange(trx, {
      tenantId,
      actorCode: session.employeeCode,
      actorName: session.employeeName,
      note: changes.map((c) => `${settingName[c.code]}：${c.before} → ${c.after}`).join('；'),
      changes,
    });
  });
  return answer(ctx, tenantId);
}
