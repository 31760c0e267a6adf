// Runs one transition of a record inside the transaction its service opened: checks who may, locks the
// row (SELECT ... FOR UPDATE, so a concurrent transition waits and then sees the new state), answers 409
// naming the state when the action does not fit it, applies the change and writes one history row.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../errors';
import type { Actor, Transition, Workflow } from './definition';
import { recordHistory } from './history';
import { buttonsNamed, isWho } from './who';

/** Which of `wanted` a child account holds in the workflow's module (none for anyone else). */
async function heldButtons(trx: Transaction<DB>, workflow: Workflow<string, string>, actor: Actor, wanted: string[]) {
  if (actor.kind !== 'supplier' || !actor.parentCode || wanted.length === 0) return new Set<string>();
  const held = await trx
    .selectFrom('account_button')
    .select('button_code')
    .where('account_id', '=', actor.accountId)
    .where('module_code', '=', workflow.module)
    .where('button_code', 'in', wanted)
    .execute();
  return new Set(held.map((b) => b.button_code));
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

async function permitted<S extends string, A extends string>(
  trx: Transaction<DB>,
  workflow: Workflow<S, A>,
  action: A,
  actor: Actor,
): Promise<Transition<S>> {
  const step = workflow.transitions[action];
  const buttons = await heldButtons(trx, workflow, actor, buttonsNamed(step.who));
  if (step.who.some((who) => isWho(who, actor, buttons))) return step;
  throw ApiError.forbidden({ 'zh-CN': `无权${step.label}${workflow.label}`, en: `You may not ${step.labelEn} this ${workflow.labelEn}` });
}

interface Common<A extends string> {
  action: A;
  actor: Actor;
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
  if (!row)
    throw ApiError.notFound({
      'zh-CN': `${workflow.label} ${step.id} 不存在`,
      en: `${capitalized(workflow.labelEn)} ${step.id} does not exist`,
    });
  if (!transition.from.includes(row.status)) {
    throw ApiError.conflict({
      'zh-CN': `${workflow.label} ${step.id} 当前状态为「${workflow.statusText[row.status]}」，不能${transition.label}`,
      en: `${capitalized(workflow.labelEn)} ${step.id} is "${workflow.statusTextEn[row.status]}"; you cannot ${transition.labelEn} it`,
    });
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
