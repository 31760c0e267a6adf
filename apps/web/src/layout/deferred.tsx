// Parts of the shell the first screen does not show (dialogs, the settings drawer, the error log): their code is
// loaded the first time they are wanted, and they stay mounted after, so their closing motion still plays.
import { type ReactNode, Suspense, useState } from 'react';

export function Deferred({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
