// The response envelope every JSON call answers with, and the codes it carries.
import { z } from 'zod';

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

/** A failure also names its request (`requestId`, as in the server's log and the x-request-id header). */
export const failureEnvelopeSchema = envelopeSchema(z.null()).extend({ requestId: z.string().optional() });

/** Messages the clients recognise by their exact text (spec section 8). */
export const Messages = {
  tokenInvalid: 'token失效，请重新登录。',
  otherUserLoggedIn: '其他用户已登录',
  forbidden: '没有访问权限',
  notFound: '接口不存在',
  internal: '系统异常，请稍后重试',
  unavailable: '数据库不可用',
  /** A call that could not reach the database (down, unreachable or not answering in time). */
  serviceUnavailable: '服务暂不可用',
  /** More downloads at once than one account or tenant may run. */
  tooManyExports: '导出任务过多，请稍后再试',
  loginFailed: '用户名或密码错误',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误或已过期',
  passwordChanged: '修改成功!',
  /** The supplier of the account is 停用: no sign-in, and open sessions end. */
  supplierDisabled: '供应商已停用，请联系采购员',
  /** The supplier of the account is 冻结: it reads its modules but changes nothing in them. */
  supplierFrozen: '供应商已冻结，只能查询，不能修改',
} as const;
