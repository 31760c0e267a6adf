// Header search: fuzzy-matches the visible route titles and paths with Fuse.js (threshold 0.4,
// title weight 0.7, path weight 0.3) and navigates to the chosen one.
import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import Fuse from 'fuse.js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type PageRoute, titleIn } from '../lib/routes';

export const searchOptions = {
  threshold: 0.4,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

export function HeaderSearch({ routes }: { routes: PageRoute[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const visible = useMemo(
    () => routes.filter((r) => !r.hidden).map((r) => ({ ...r, title: titleIn(r, i18n.language) })),
    [routes, i18n.language],
  );
  const fuse = useMemo(() => new Fuse(visible, searchOptions), [visible]);
  const options = (query ? fuse.search(query).map((r) => r.item) : []).map((r) => ({ value: r.path, label: `${r.title}  ${r.path}` }));
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={
        <>
          <SearchOutlined /> {t('shell.search')}
        </>
      }
      aria-label={t('shell.search')}
      options={options}
      notFoundContent={null}
      style={{ width: 200 }}
      onChange={(path: string) => {
        setQuery('');
        navigate(path);
      }}
    />
  );
}
