// Whether the user's menu serves a page (its module's path, or a page below it): a link to a page the user
// cannot open is not shown (the route guard would answer 403).
import { useMemo } from 'react';
import { useUserStore } from '../stores/user';
import { pageRoutes } from './routes';

export function useCanOpen(): (path: string) => boolean {
  const menu = useUserStore((s) => s.menu);
  const paths = useMemo(() => pageRoutes(menu ?? []).map((r) => r.path), [menu]);
  return (path: string) => {
    const bare = path.split('?')[0]!;
    return paths.some((p) => bare === p || bare.startsWith(`${p}/`));
  };
}
