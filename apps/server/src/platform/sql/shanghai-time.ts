// Times as the retailer reads them, in SQL: an instant shown in Asia/Shanghai, and the instants that bound
// the retailer's days (the same calendar as businessDay in platform/clock.ts), whatever the session's time zone.
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** A column by name ('a.updated_at') or any SQL expression. */
type Instant = string | RawBuilder<unknown>;
const expression = (value: Instant) => (typeof value === 'string' ? sql.ref(value) : value);

/** 'YYYY-MM-DD HH24:MI:SS' in Asia/Shanghai; null stays null. */
export const shanghaiTime = (value: Instant) =>
  sql<string>`to_char(${expression(value)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** shanghaiTime, with '' for null. */
export const shanghaiTimeOrEmpty = (value: Instant) => sql<string>`coalesce(${shanghaiTime(value)}, '')`;

/** The instant is on the retailer's day `from` (YYYY-MM-DD) or later: a range an index on the instant serves. */
export const fromShanghaiDay = (value: Instant, from: string) =>
  sql<SqlBool>`${expression(value)} >= ${from}::date::timestamp AT TIME ZONE 'Asia/Shanghai'`;

/** The instant is on the retailer's day `to` (YYYY-MM-DD) or earlier. */
export const untilShanghaiDay = (value: Instant, to: string) =>
  sql<SqlBool>`${expression(value)} < (${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`;

/** The instant falls on one of the retailer's days `from` to `to` (YYYY-MM-DD, both included). */
export const onShanghaiDays = (value: Instant, from: string, to: string) =>
  sql<SqlBool>`${fromShanghaiDay(value, from)} AND ${untilShanghaiDay(value, to)}`;
