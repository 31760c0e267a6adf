// Whether a caller is whom a transition names, written once: before a transition runs (transition.ts) and
// when a screen lists what the caller may do to a record in its state (a module's actionsFor).
import type { Actor, Transition, Who } from './definition';

/** `buttons`: the caller's buttons of the workflow's module (only a child account's are read). */
export function isWho(who: Who, actor: Actor, buttons: ReadonlySet<string>): boolean {
  if (who.kind === 'client' || actor.kind === 'client') return who.kind === 'client' && actor.kind === 'client';
  if (who.kind === 'staff') return actor.kind === 'staff' && actor.roleCode === who.role;
  if (actor.kind !== 'supplier') return false;
  if (who.kind === 'main') return !actor.parentCode;
  return Boolean(actor.parentCode) && buttons.has(who.button);
}

/** Whether the caller may run `step` on a record in `status`. */
export function mayRun<S extends string>(step: Transition<S>, status: S, actor: Actor, buttons: ReadonlySet<string>): boolean {
  return step.from.includes(status) && step.who.some((who) => isWho(who, actor, buttons));
}

/** The buttons of `who` a child account needs: the only ones a caller's check has to read. */
export const buttonsNamed = (who: readonly Who[]): string[] => who.flatMap((w) => (w.kind === 'child' ? [w.button] : []));
