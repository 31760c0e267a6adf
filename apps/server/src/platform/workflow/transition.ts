// Runs one transition of a record inside the transaction its service opened: checks who may, locks the
// row (SELECT ... FOR UPDATE, so a concurrent transition waits and then sees the new state), answers 409
// naming the state when the action does not fit it, applies the change and writes one history row.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../errors';
import type { SessionContext } from '../session-context';
import type { Transition, Who, Workflow } from './definition';
import { recordHistory } from './history';

async function allows(trx: Transaction<DB>, workflow: Workflow<string, string>, who: Who, actor: SessionContext): Promise<boolean> {
  if (who.kind === 'staff') return actor.kind === 'staff' && actor.roleCode === who.role;
  if (actor.kind !== 'supplier') return false;
  if (who.kind === 'main') return !actor.parentCode;
  if (!actor.parentCode) return false;
  const held = await trx
    .selectFrom('account_button')
    .select('account_id')
    .where('account_id', '=', actor.accountId)
    .where('module_code', '=', workflow.module)
    .where('button_code', '=', who.button)
    .executeTakeFirst();
  return held !== undefined;
}

async function permitted<S extends string, A extends string>(
  trx: Transaction<DB>,
  workflow: Workflow<S, A>,
  action: A,
  actor: SessionContext,
): Promise<Transition<S>> {
  const step = workflow.transitions[action];
  for (const who of step.who) if (await allows(trx, workflow, who, actor)) return step;
  throw ApiError.forbidden(`无权${step.label}${workflow.label}`);
}

interface Common<A extends string> {
  action: A;
  actor: SessionContext;
  /** The record's id in the history (unique within the tenant and record type). */
  id: string;
  note?: string;
}

/** A transition that creates its record (`from: []`): `create` inserts it, then the history starts. */
export async function start<S extends string, A extends string>(
  trx: Transaction<DB>,
  workflow: Workflow<S, A>,
  step: Common<A> & { create: (to: S) => Promise<void>; detail?: Record<string, unknown> },
): Promise<void> {
  const transition = await permitted(trx, workflow, step.action, step.actor);
  if (transition.from.length > 0 || !transition.to) throw new Error(`${workflow.record}.${step.action} does not create a record`);
  await step.create(transition.to);
  await recordHistory(trx, workflow, {
    tenantId: step.actor.tenantId,
    recordId: step.id,
    action: step.action,
    from: null,
    to: transition.to,
    actor: { code: step.actor.employeeCode, name: step.actor.employeeName },
    note: step.note,
    detail: step.detail,
  });
}

/**
 * A transition of an existing record. `lock` reads the caller's record FOR UPDATE (undefined: none they
 * may see, 404); `apply` makes the change, including the new state, once the state is known to fit.
 * Answers the locked row.
 */
export async function transition<S extends string, A extends string, R extends { status: S }>(
  trx: Transaction<DB>,
  workflow: Workflow<S, A>,
  step: Common<A> & {
    lock: () => Promise<R | undefined>;
    apply: (row: R, to: S | null) => Promise<void>;
    detail?: (row: R) => Promise<Record<string, unknown>> | Record<string, unknown>;
  },
): Promise<R> {
  const transition = await permitted(trx, workflow, step.action, step.actor);
  const row = await step.lock();
  if (!row) throw ApiError.notFound(`${workflow.label} ${step.id} 不存在`);
  if (!transition.from.includes(row.status)) {
    throw ApiError.conflict(`${workflow.label} ${step.id} 当前状态为「${workflow.statusText[row.status]}」，不能${transition.label}`);
  }
  const to = transition.to === undefined ? row.status : transition.to;
  const detail = step.detail ? await step.detail(row) : undefined;
  await step.apply(row, to);
  await recordHistory(trx, workflow, {
    tenantId: step.actor.tenantId,
    recordId: step.id,
    action: step.action,
    from: row.status,
    to,
    actor: { code: step.actor.employeeCode, name: step.actor.employeeName },
    note: step.note,
    detail,
  });
  return row;
}
