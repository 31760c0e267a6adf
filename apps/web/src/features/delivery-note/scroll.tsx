// A wide table in a region of its own that scrolls sideways on a narrow screen and takes the keyboard's focus
// (so that its hidden columns are reachable without a mouse).
import type { ReactNode } from 'react';

export function Scroll({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div className="dn-scroll" role="region" aria-label={label} tabIndex={0}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
