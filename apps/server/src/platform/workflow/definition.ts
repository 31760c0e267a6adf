// How a stateful record's workflow is written down: its states (typed from the contract), and a table of
// transitions saying from which states each action may run, which state it leaves, and who may run it.

/** Who may run a transition: the supplier's main account, a child account holding a button of the
 * workflow's module, or staff of a role. */
export type Who = { kind: 'main' } | { kind: 'child'; button: string } | { kind: 'staff'; role: string };

export interface Transition<S extends string> {
  /** States the action may start from; empty: the action creates the record. */
  from: readonly S[];
  /** State the action leaves; absent: unchanged; null: the record is removed. */
  to?: S | null;
  who: readonly Who[];
  /** How people name the action, e.g. '停用' (messages and history). */
  label: string;
}

export interface Workflow<S extends string, A extends string> {
  /** Record type in the history, e.g. 'employee', 'sam-bill'. */
  record: string;
  /** How people name the record, e.g. '子账号'. */
  label: string;
  /** Module (menu code) whose buttons `{kind: 'child'}` refers to. */
  module: string;
  statusText: Readonly<Record<S, string>>;
  transitions: Readonly<Record<A, Transition<S>>>;
}

export const defineWorkflow = <S extends string, A extends string>(workflow: Workflow<S, A>): Workflow<S, A> => workflow;
