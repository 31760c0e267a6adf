// The spinner shown while a page or the session loads, in the middle of the width.
import { Spin } from 'antd';

export const loading = (
  <div style={{ display: 'flex', justifyContent: 'center', paddingTop: '20vh' }}>
    <Spin size="large" />
  </div>
);
