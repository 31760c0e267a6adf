// The size of a skeleton input or button that stands in for a control while its data loads: the controls' own size
// (the user's size setting), so that the placeholder is as tall as what replaces it.
import { ConfigProvider } from 'antd';

export function useSkeletonSize(): 'large' | 'small' | 'default' {
  const { componentSize } = ConfigProvider.useConfig();
  return componentSize === 'large' || componentSize === 'small' ? componentSize : 'default';
}
