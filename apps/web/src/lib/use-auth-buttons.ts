// Button permissions (spec section 6): a button shows only when the user holds its code on the menu code.
import { common } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

export function useAuthButtons(menuCode: string) {
  const { data } = useQuery({
    queryKey: ['auth-buttons', menuCode],
    queryFn: () => call(common.getAuthBtnList, { body: { menuCode } }, { silent: true }),
    staleTime: 60_000,
  });
  const codes = new Set(data ?? []);
  return { ready: data !== undefined, has: (buttonCode: string) => codes.has(buttonCode) };
}
