// Shown for a menu module whose page is not part of this version yet: says so plainly.
import { Result } from 'antd';

export default function ModuleNotReady() {
  return <Result status="info" title="该模块尚未开放" subTitle="此功能正在建设中，开放后将在此处使用。" />;
}
