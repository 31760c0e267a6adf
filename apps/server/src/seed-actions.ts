// The demo seed's door into the services people use (db/seed/actions.ts): db/seed sits below modules/ and cannot
// import them, so the callers above it (main, cluster, the seed command, test helpers) hand this in. Each body is
// checked by its call's contract schema, as the HTTP layer would, and the service runs in the seed's transaction
// with the seed's clock, as the account.
import { deliveryNote, dock, purchaseOrder } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { SeedActions, SeedActor } from './db/seed/actions';
import type { DB } from './db/schema';
import * as notes from './modules/delivery-note/service';
import * as docks from './modules/dock/service';
import * as orders from './modules/purchase-order/service';
import type { DataContext } from './platform/context';
import type { SessionContext } from './platform/session-context';

const contextOf = (db: Kysely<DB>, at: Date): DataContext => ({ db, now: () => at });

/** A session of the actor, as the auth hook would resolve one (no token: the seed signs nobody in). */
const sessionOf = (actor: SeedActor): SessionContext => ({
  ...actor,
  tokenHash: '',
  supplierStatus: actor.kind === 'supplier' ? '启用' : null,
  profile: { companyName: '', suppName: '', phoneList: [], emailList: [], qrCode: '', logoIcon: '' },
});

export const seedActions: SeedActions = {
  async confirmOrder(db, actor, at, body) {
    const ctx = contextOf(db, at);
    const session = sessionOf(actor);
    const { header } = await orders.detail(ctx, session, body.billNumber);
    await orders.confirm(ctx, session, purchaseOrder.confirmPurOrder.body!.parse({ ...body, version: header.version }));
  },
  async createNote(db, actor, at, body) {
    const note = await notes.create(contextOf(db, at), sessionOf(actor), deliveryNote.createDeliveryNote.body!.parse(body));
    return note.header.noteNumber;
  },
  async book(db, actor, at, body) {
    return (await docks.book(contextOf(db, at), sessionOf(actor), dock.book.body!.parse(body))).id;
  },
  async confirmBooking(db, actor, at, bookingId) {
    await docks.confirm(contextOf(db, at), sessionOf(actor), bookingId);
  },
  async refuseBooking(db, actor, at, body) {
    await docks.refuse(contextOf(db, at), sessionOf(actor), dock.refuse.body!.parse(body));
  },
  async cancelBooking(db, actor, at, bookingId) {
    await docks.cancel(contextOf(db, at), sessionOf(actor), bookingId);
  },
};
