// Identity-provider login (spec section 4): the cookie check answers a one-time code, which the merchant
// login for RMC turns into a staff session.
import { auth } from '@portal/contract';
import { call } from '../../api/client';
import { useUserStore } from '../../stores/user';

export async function tryIdentityProviderLogin(): Promise<boolean> {
  const tenantid = useUserStore.getState().tenantid;
  try {
    const { code, exp } = await call(auth.checkCookieLogin, {}, { silent: true });
    const result = await call(auth.merchantsLoginForRMC, { query: { tenantid }, body: { code, exp } }, { silent: true });
    useUserStore.getState().signIn(result, tenantid);
    return true;
  } catch {
    return false;
  }
}
