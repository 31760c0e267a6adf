// Step-up before a sensitive call (contract `stepUp`): the server refuses it with a code saying what it wants (an
// authenticator code or the password); the client asks the user through the dialog the app registers here, then
// sends the call again once.
import { ResultCode } from '@portal/contract';

export type StepUpKind = 'code' | 'password';

type Ask = (kind: StepUpKind) => Promise<boolean>;
let ask: Ask | null = null;

/** The dialog's way to ask (one at a time in the app); answers the function that unregisters it. */
export function setStepUpHandler(handler: Ask): () => void {
  ask = handler;
  return () => {
    if (ask === handler) ask = null;
  };
}

/** What a refusal asks for, or null when it is not a step-up refusal. */
export function stepUpKindOf(code: string): StepUpKind | null {
  if (code === ResultCode.stepUpCode) return 'code';
  if (code === ResultCode.stepUpPassword) return 'password';
  return null;
}

/** Asks the user to confirm who they are; true once the server took it (false: cancelled, or no dialog). */
export function askStepUp(kind: StepUpKind): Promise<boolean> {
  return ask ? ask(kind) : Promise.resolve(false);
}
