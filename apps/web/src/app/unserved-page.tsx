// An address inside the app that the user's menu does not serve: the server says whether it is a page of a
// module the user lacks (403, the route guard's forbidden page) or no page at all (404).
import { menu } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { call } from '../api/client';
import { ErrorPage } from '../components/error-page';
import { loading } from './loading';

/** A page the user's menu does not serve: forbidden when the server knows it (a module the user lacks), else not found. */
export function UnservedPage() {
  const { pathname } = useLocation();
  const { data, isPending } = useQuery({
    queryKey: ['check-page', pathname],
    queryFn: () =>
      call(menu.checkPage, { query: { path: pathname } }, { silent: true }).then(
        (answer) => (answer.access === 'forbidden' ? (403 as const) : (404 as const)),
        () => 404 as const,
      ),
    staleTime: 60_000,
  });
  if (isPending) return loading;
  return <ErrorPage status={data ?? 404} />;
}
