// The response envelope every JSON call answers with, and the codes it carries.
import { z } from 'zod';
import type { Localized } from './language';

/** Codes of the envelope. '1' is success; the others mirror the HTTP status they travel with. */
export const ResultCode = {
  ok: '1',
  badRequest: '400',
  unauthorized: '401',
  forbidden: '403',
  notFound: '404',
  conflict: '409',
  throttled: '429',
  internal: '500',
  unavailable: '503',
  /** Login refused: wrong user name or password, locked or disabled account. */
  loginFailed: '10001',
  /** A captcha (validCode) is required or was wrong. */
  captchaRequired: '10002',
  /** The account must enrol in two-factor sign-in before anything else (its session reaches only the enrolment). */
  mfaEnrolmentRequired: '10003',
  /** A sensitive action: confirm with a fresh code of the authenticator (POST /user/mfa/stepUp), then call again. */
  stepUpCode: '10004',
  /** A sensitive action of an account without two-factor sign-in: confirm with the password, then call again. */
  stepUpPassword: '10005',
  /** A wrong, used or expired two-factor code (or recovery code). */
  mfaCodeWrong: '10006',
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.string(),
    success: z.boolean(),
    data,
    message: z.string(),
    msg: z.string(),
  });

export interface Envelope<T> {
  code: string;
  success: boolean;
  data: T;
  message: string;
  msg: string;
}

/** The legacy envelope of the `.do` calls (spec section 7). */
export const legacyEnvelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({ success: z.boolean(), content: z.object({ result }), msg: z.string() });

export interface LegacyEnvelope<T> {
  success: boolean;
  content: { result: T };
  msg: string;
}

/**
 * A failure also names its request (`requestId`, as in the server's log and the x-request-id header). Its data is
 * null, or what a refusal lets the caller act on (e.g. dock.slotFullData with a full slot's 409).
 */
export const failureEnvelopeSchema = envelopeSchema(z.unknown()).extend({ requestId: z.string().optional() });

/**
 * Messages the clients recognise by their exact text (spec section 8), in each language: a caller naming no
 * language (or Chinese) reads the spec's Chinese text.
 */
export const Messages = {
  tokenInvalid: { 'zh-CN': 'token失效，请重新登录。', en: 'Your session has expired. Please sign in again.' },
  otherUserLoggedIn: { 'zh-CN': '其他用户已登录', en: 'Another user has signed in with this account' },
  forbidden: { 'zh-CN': '没有访问权限', en: 'You do not have access to this' },
  notFound: { 'zh-CN': '接口不存在', en: 'No such endpoint' },
  internal: { 'zh-CN': '系统异常，请稍后重试', en: 'System error. Please try again later.' },
  unavailable: { 'zh-CN': '数据库不可用', en: 'The database is unavailable' },
  /** A call that could not reach the database (down, unreachable or not answering in time). */
  serviceUnavailable: { 'zh-CN': '服务暂不可用', en: 'The service is temporarily unavailable' },
  /** More downloads at once than one account or tenant may run. */
  tooManyExports: { 'zh-CN': '导出任务过多，请稍后再试', en: 'Too many exports are running. Please try again later.' },
  loginFailed: { 'zh-CN': '用户名或密码错误', en: 'Wrong user name or password' },
  mfaEnrolmentRequired: {
    'zh-CN': '您的账号须先开启双重验证：请在"双重验证"页面绑定身份验证器后再继续',
    en: 'Your account must turn on two-factor sign-in first: link an authenticator app on the two-factor page, then go on',
  },
  stepUpCode: {
    'zh-CN': '此操作须再次验证身份：请输入身份验证器中的6位动态码',
    en: 'This action needs you to confirm it is you: enter the 6-digit code from your authenticator app',
  },
  stepUpPassword: {
    'zh-CN': '此操作须再次验证身份：请输入登录密码',
    en: 'This action needs you to confirm it is you: enter your password',
  },
  mfaCodeWrong: { 'zh-CN': '动态码错误、已使用或已过期', en: 'The code is wrong, already used or expired' },
  captchaRequired: { 'zh-CN': '请输入验证码', en: 'Please enter the verification code' },
  captchaWrong: { 'zh-CN': '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  passwordChanged: { 'zh-CN': '修改成功!', en: 'Password changed!' },
  /** The supplier of the account is 停用: no sign-in, and open sessions end. */
  supplierDisabled: { 'zh-CN': '供应商已停用，请联系采购员', en: 'Your supplier account has been disabled. Please contact your buyer.' },
  /** The supplier of the account is 冻结: it reads its modules but changes nothing in them. */
  supplierFrozen: {
    'zh-CN': '供应商已冻结，只能查询，不能修改',
    en: 'Your supplier account is frozen: you can view but not change anything',
  },
} as const satisfies Record<string, Localized>;
