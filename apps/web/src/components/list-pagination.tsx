// The pager under a server-paged list: "共 N 条" on the left of the pages ("10,000+ 条" when the server's
// count stopped at its cap); with `sizes`, a page-size changer that goes back to page 1 when the size changes.
import { Grid, Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../lib/format';

export function ListPagination({
  page,
  limit,
  total,
  totalCapped,
  sizes,
  onChange,
}: {
  page: number;
  limit: number;
  total: number;
  /** More rows match than `total`: the count stopped there. */
  totalCapped?: boolean | undefined;
  /** Page sizes the user may pick; without them the size is fixed. */
  sizes?: number[];
  onChange(page: number, limit: number): void;
}) {
  const { t } = useTranslation();
  const narrow = !Grid.useBreakpoint().sm;
  return (
    <Pagination
      className="list-pagination"
      style={{ marginTop: 12, justifyContent: 'flex-end' }}
      responsive
      showLessItems={narrow}
      size={narrow ? 'small' : 'middle'}
      current={page}
      pageSize={limit}
      total={total}
      showTotal={(count) =>
        totalCapped ? t('shell.listTotalCapped', { total: formatDecimal(String(count)) }) : t('shell.listTotal', { total: count })
      }
      {...(sizes ? { pageSizeOptions: sizes, showSizeChanger: true } : { showSizeChanger: false })}
      onChange={(next, size) => onChange(size === limit ? next : 1, size)}
    />
  );
}
