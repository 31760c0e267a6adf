// Sign-in, session and user-info calls (spec sections 3, 4, 5, 7).
import { z } from 'zod';
import { defineCall } from './call';

export const tenantQuery = z.object({
  tenantid: z.string().trim().min(1, 'tenantid 不能为空').max(32),
});

export const loginBody = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  /** base64 RSA-OAEP (SHA-256) ciphertext of the UTF-8 password, with the key of publicKey. */
  password: z.string().min(1, '请输入密码').max(1024),
  identityId: z.string().max(64).optional(),
  validCode: z.string().max(16).optional(),
  /** The captcha the validCode answers (from /user/captcha). */
  captchaId: z.string().max(64).optional(),
  tenantid: z.string().max(32).optional(),
  supplierCode: z.string().max(32).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({
  token: z.string(),
  employeeCode: z.string(),
  employeeName: z.string(),
  supplierName: z.string(),
  supplierCode: z.string(),
  companyName: z.string(),
  /** Days until the account expires while inside the warning window, else '-1'. */
  accountExpireWarn: z.string(),
  /** Account expiry date, YYYY-MM-DD, or '' when the account never expires. */
  matureDate: z.string(),
  /** '1': the password must be changed now; '0': it is still valid. */
  isEditPw: z.enum(['0', '1']),
  /** Days left before the password expires. */
  pwPeriod: z.number().int(),
  staff: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** One of several accounts a user name belongs to; a second login names it by identityId. */
export const loginIdentity = z.object({
  identityId: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  employeeCode: z.string(),
  employeeName: z.string(),
});
export type LoginIdentity = z.infer<typeof loginIdentity>;

/** The login's answer for an account with two-factor sign-in: no session yet, a challenge for /user/loginCode. */
export const codeNeeded = z.object({
  twoFactor: z.literal('code-needed'),
  /** Send it back with the code to /user/loginCode within `expiresIn` seconds. */
  challenge: z.string(),
  expiresIn: z.number().int(),
  staff: z.boolean(),
});
export type CodeNeeded = z.infer<typeof codeNeeded>;

/**
 * A session (loginResult), identities to choose from, or, for an account with two-factor sign-in, no session yet
 * but a challenge for /user/loginCode (codeNeeded; accounts without it answer as the spec says).
 */
export const loginData = z.union([loginResult, z.array(loginIdentity).min(1), codeNeeded]);

export const login = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/user/login',
  summary: 'Supplier login',
  public: true,
  query: tenantQuery,
  body: loginBody,
  data: loginData,
});

export const merchantsLogin = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/user/merchantsLogin',
  summary: 'Merchant staff login',
  public: true,
  query: tenantQuery,
  body: loginBody.omit({ supplierCode: true }),
  data: loginData,
});

export const publicKey = defineCall({
  area: 'auth',
  method: 'GET',
  path: '/user/publicKey',
  summary: 'RSA public key (PEM, SPKI) that encrypts passwords with RSA-OAEP SHA-256',
  public: true,
  data: z.object({ publicKey: z.string(), algorithm: z.literal('RSA-OAEP-256') }),
});

export const supplierInfo = z.object({
  qrCode: z.string(),
  phoneList: z.array(z.object({ name: z.string(), phone: z.string() })),
  emailList: z.array(z.object({ name: z.string(), email: z.string() })),
  logoIcon: z.string(),
});

export const userInfo = z.object({
  roles: z.array(z.string()),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  employeeCode: z.string(),
  employeeName: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  companyName: z.string(),
  tenantid: z.string(),
  staff: z.boolean(),
  supInfo: supplierInfo,
});
export type UserInfo = z.infer<typeof userInfo>;

export const getInfo = defineCall({
  area: 'auth',
  method: 'GET',
  path: '/user/getInfo',
  summary: 'Roles and identity of the session',
  signedIn: "the caller's own identity and roles, which every page needs",
  duringEnrolment: true,
  query: z.object({ token: z.string().optional() }),
  data: userInfo,
});

export const logout = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/user/logout',
  summary: 'Revoke the calling session token',
  signedIn: "ends the caller's own session",
  duringEnrolment: true,
  changes: true,
  data: z.null(),
});

export const captcha = defineCall({
  area: 'auth',
  method: 'GET',
  path: '/user/captcha',
  summary: 'A fresh image captcha; send its captchaId and the read text as validCode with the next login',
  public: true,
  data: z.object({ captchaId: z.string(), image: z.string() }),
});

/** The identity provider's cookie check: a one-time code and its expiry for merchantsLoginForRMC. */
export const checkCookieLogin = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/internal/ident/checkCookieLogin',
  summary: 'Identity provider: exchange the signed identity cookie for a one-time login code',
  public: true,
  data: z.object({ code: z.string(), exp: z.number().int() }),
});

export const merchantsLoginForRMC = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/user/merchantsLoginForRMC',
  summary: 'Staff login with a one-time code of the identity provider',
  public: true,
  query: tenantQuery,
  body: z.object({ code: z.string().min(1, 'code 不能为空').max(128), exp: z.coerce.number().int() }),
  data: loginResult,
});
