// The spinner shown while a page or the session loads.
import { Spin } from 'antd';

export const loading = <Spin size="large" style={{ display: 'block', margin: '20vh auto' }} />;
