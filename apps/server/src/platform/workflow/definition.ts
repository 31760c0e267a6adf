// How a stateful record's workflow is written down: its states (typed from the contract), and a table of
// transitions saying from which states each action may run, which state it leaves, and who may run it.

import type { SessionContext } from '../session-context';

/** Who may run a transition: the supplier's main account, a child account holding a button of the
 * workflow's module, staff of a role, or an integration client of the tenant (the retailer's own system, whose
 * scope its gate checked: docs/integration.md). */
export type Who = { kind: 'main' } | { kind: 'child'; button: string } | { kind: 'staff'; role: string } | { kind: 'client' };

/** An integration client acting on a record (no session): the history records `code` and `name` as its actor. */
export interface ClientActor {
  kind: 'client';
  tenantId: string;
  /** The client's id (or the door's name when there is no client). */
  employeeCode: string;
  /** How the history shows it, e.g. '接口 财务系统'. */
  employeeName: string;
}

/** Who runs a transition: a signed-in account, or an integration client. */
export type Actor = SessionContext | ClientActor;

export interface Transition<S extends string> {
  /** States the action may start from; empty: the action creates the record. */
  from: readonly S[];
  /** State the action leaves; absent: unchanged; null: the record is removed. */
  to?: S | null;
  who: readonly Who[];
  /** How people name the action, e.g. '停用' (messages and history). */
  label: string;
  /** The action in English, a verb phrase taking the record, e.g. 'disable', 'enter invoices for' (refusals). */
  labelEn: string;
}

export interface Workflow<S extends string, A extends string> {
  /** Record type in the history, e.g. 'employee', 'sam-bill'. */
  record: string;
  /** How people name the record, e.g. '子账号'. */
  label: string;
  /** The record in English, lower case, e.g. 'child account'. */
  labelEn: string;
  /** Module (menu code) whose buttons `{kind: 'child'}` refers to. */
  module: string;
  statusText: Readonly<Record<S, string>>;
  statusTextEn: Readonly<Record<S, string>>;
  transitions: Readonly<Record<A, Transition<S>>>;
}

export const defineWorkflow = <S extends string, A extends string>(workflow: Workflow<S, A>): Workflow<S, A> => workflow;
