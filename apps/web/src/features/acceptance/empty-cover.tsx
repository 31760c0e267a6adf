// A "nothing found" notice laid over a grid that stays mounted (it keeps its sort and pins underneath).
import { Empty } from 'antd';
import type { ReactNode } from 'react';

export function EmptyCover({ empty, text, children }: { empty: boolean; text: string; children: ReactNode }) {
  return (
    <div style={{ position: 'relative' }}>
      {children}
      {empty && (
        <div
          style={{
            position: 'absolute',
            inset: '40px 1px 1px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: '#fff',
            zIndex: 5,
          }}
        >
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
        </div>
      )}
    </div>
  );
}
