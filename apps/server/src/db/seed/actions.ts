// The demo seed acting as people would: a supplier reads and confirms its orders, makes delivery notes and books
// dock slots; the receiving desk confirms or refuses the bookings. The areas' services do it (handed in by the
// callers above db/, apps/server/src/seed-actions.ts, like the integration service's ingest), each call in the
// seed's transaction, so every step leaves its history, audit and outbox event as the screens' calls do.
import type { AccountKind, DB } from '../schema';
import type { CallSend, deliveryNote, dock, purchaseOrder } from '@portal/contract';
import type { Kysely } from 'kysely';

type Body<C> = CallSend<C>['body'];

/** A demo account the seed acts as: what a session of it would say. */
export interface SeedActor {
  accountId: number;
  tenantId: string;
  kind: AccountKind;
  employeeCode: string;
  employeeName: string;
  suppCode: string | null;
  roleCode: string | null;
  parentCode: string | null;
}

/** Each action: the seed's transaction, who acts, and the time it happens (the services' clock). */
export interface SeedActions {
  /** Opens the order (it is read) and confirms it at the version read. */
  confirmOrder(
    db: Kysely<DB>,
    actor: SeedActor,
    at: Date,
    body: Omit<Body<typeof purchaseOrder.confirmPurOrder>, 'version'>,
  ): Promise<void>;
  /** Makes a delivery note: its number. */
  createNote(db: Kysely<DB>, actor: SeedActor, at: Date, body: Body<typeof deliveryNote.createDeliveryNote>): Promise<string>;
  /** Books a slot for a note: the booking's id. */
  book(db: Kysely<DB>, actor: SeedActor, at: Date, body: Body<typeof dock.book>): Promise<number>;
  /** The desk confirms a booking. */
  confirmBooking(db: Kysely<DB>, actor: SeedActor, at: Date, bookingId: number): Promise<void>;
  /** The desk refuses a booking with its reason. */
  refuseBooking(db: Kysely<DB>, actor: SeedActor, at: Date, body: Body<typeof dock.refuse>): Promise<void>;
  /** The supplier cancels its booking. */
  cancelBooking(db: Kysely<DB>, actor: SeedActor, at: Date, bookingId: number): Promise<void>;
}

/** The demo account `employeeCode` of the tenant as an actor. */
export async function seedActor(db: Kysely<DB>, tenantId: string, employeeCode: string): Promise<SeedActor> {
  const a = await db
    .selectFrom('account')
    .select(['id', 'tenant_id', 'kind', 'employee_code', 'employee_name', 'supp_code', 'role_code', 'parent_code'])
    .where('tenant_id', '=', tenantId)
    .where('employee_code', '=', employeeCode)
    .executeTakeFirstOrThrow();
  return {
    accountId: a.id,
    tenantId: a.tenant_id,
    kind: a.kind,
    employeeCode: a.employee_code,
    employeeName: a.employee_name,
    suppCode: a.supp_code,
    roleCode: a.role_code,
    parentCode: a.parent_code,
  };
}
