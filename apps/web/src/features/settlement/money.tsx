// Money as the server sent it (exact decimal strings), grouped with two places and right-aligned;
// negative amounts (returns, deductions, offsets) in red.
import { Typography } from 'antd';
import { formatMoney } from '../../lib/format';

export function Money({ value, strong = false }: { value: string | null | undefined; strong?: boolean }) {
  const negative = typeof value === 'string' && value.trim().startsWith('-') && !/^-0*(\.0*)?$/.test(value.trim());
  return (
    <Typography.Text strong={strong} type={negative ? 'danger' : undefined} className="sam-money">
      {formatMoney(value)}
    </Typography.Text>
  );
}
