// The pager under a server-paged list: "共 N 条" on the left of the pages; with `sizes`, a page-size
// changer that goes back to page 1 when the size changes.
import { Grid, Pagination } from 'antd';
import { useTranslation } from 'react-i18next';

export function ListPagination({
  page,
  limit,
  total,
  sizes,
  onChange,
}: {
  page: number;
  limit: number;
  total: number;
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
      showTotal={(count) => t('shell.listTotal', { total: count })}
      {...(sizes ? { pageSizeOptions: sizes, showSizeChanger: true } : { showSizeChanger: false })}
      onChange={(next, size) => onChange(size === limit ? next : 1, size)}
    />
  );
}
