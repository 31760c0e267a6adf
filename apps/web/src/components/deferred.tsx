// Parts of a screen the first render does not show (dialogs, the settings drawer, the error log): they mount the
// first time they are wanted (lazy code then loads) and stay mounted after, so their closing motion still plays. A
// closed antd Modal mounted from the start still builds and injects its styles in the page's first, longest task.
import { type ReactNode, Suspense, useState } from 'react';

export function Deferred({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
