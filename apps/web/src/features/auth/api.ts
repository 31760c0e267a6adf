// Sign-in calls of the auth area, with the password encrypted on the way out.
import { auth, type CodeNeeded, type LoginBody, type LoginIdentity, type LoginResult } from '@portal/contract';
import { call } from '../../api/client';
import { encryptWith } from '../../api/crypto';

let publicKey: Promise<string> | undefined;

export async function encryptPassword(password: string): Promise<string> {
  publicKey ??= call(auth.publicKey, {}, { silent: true }).then((k) => k.publicKey);
  try {
    return await encryptWith(await publicKey, password);
  } catch (err) {
    publicKey = undefined;
    throw err;
  }
}

export interface Credentials {
  username: string;
  password: string;
  identityId?: string;
  captchaId?: string;
  validCode?: string;
}

export async function signIn(
  staff: boolean,
  tenantid: string,
  credentials: Credentials,
): Promise<LoginResult | LoginIdentity[] | CodeNeeded> {
  const body: LoginBody = {
    username: credentials.username.trim(),
    password: await encryptPassword(credentials.password),
    tenantid,
    ...(credentials.identityId ? { identityId: credentials.identityId } : {}),
    ...(credentials.captchaId ? { captchaId: credentials.captchaId, validCode: credentials.validCode } : {}),
  };
  return call(staff ? auth.merchantsLogin : auth.login, { query: { tenantid }, body }, { silent: true });
}

export const fetchCaptcha = () => call(auth.captcha, {}, { silent: true });
