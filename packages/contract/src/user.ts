// The user's own account: info, mini-program QR code, password change.
import { z } from 'zod';
import { defineCall } from './call';
import { PasswordPolicy } from './constants';
import { Messages } from './envelope';
import type { Language } from './language';

export const userInfoDetail = z.object({
  employeeCode: z.string(),
  employeeName: z.string(),
  movPhone: z.string(),
  /** Account expiry date YYYY-MM-DD, '' when none. */
  matureDate: z.string(),
  /** Main account code of a child account; '' for a main account (the client shows the user's own code). */
  parentCode: z.string(),
  firstLoginTime: z.string(),
  lastLoginTime: z.string(),
});
export type UserInfoDetail = z.infer<typeof userInfoDetail>;

export const getUserInfo = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/getUserInfo',
  summary: 'Account details of the caller, of its child accounts, or (staff) of any account of the tenant',
  signedIn: 'the user-info dialog of every account; the service limits it to the caller, its child accounts or (staff) its tenant',
  query: z.object({ employeeCode: z.string().trim().max(64).optional() }),
  data: userInfoDetail,
});

export const getQrCode = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/getQrCode',
  summary: 'The URL the mini-program QR code encodes',
  signedIn: "the shell's QR code, the same for every user of the tenant",
  data: z.string(),
});

/**
 * The change-password rules of spec section 5 on plain passwords: the first broken rule's message in a
 * language (Chinese by default: the spec's texts), or null.
 */
export function passwordChangeProblem(
  form: { oldpassword?: string; newpassword?: string; password2?: string },
  language: Language = 'zh-CN',
): string | null {
  const texts = passwordProblems[language];
  if (form.oldpassword === undefined) return texts.oldRequired;
  if (form.oldpassword === '') return texts.empty;
  if (!form.newpassword) return texts.newRequired;
  if (!PasswordPolicy.pattern.test(form.newpassword)) return language === 'en' ? PasswordPolicy.messageEn : PasswordPolicy.message;
  if (!form.password2) return texts.againRequired;
  if (form.password2 !== form.newpassword) return texts.mismatch;
  return null;
}

const passwordProblems = {
  'zh-CN': {
    oldRequired: '请输入原密码',
    empty: '密码不能为空',
    newRequired: '请输入新密码',
    againRequired: '请再次输入密码',
    mismatch: '两次输入密码不一致!',
  },
  en: {
    oldRequired: 'Please enter your current password',
    empty: 'The password cannot be empty',
    newRequired: 'Please enter a new password',
    againRequired: 'Please enter the password again',
    mismatch: 'The two passwords do not match!',
  },
} as const satisfies Record<Language, Record<string, string>>;

export const updatePassword = defineCall({
  area: 'user',
  method: 'POST',
  path: '/user/updatePassword',
  summary: "Change the caller's password; the three passwords are RSA-OAEP encrypted like the login password",
  successMessage: Messages.passwordChanged['zh-CN'],
  signedIn: 'every user changes their own password',
  changes: true,
  body: z.object({
    employeeCode: z.string().trim().min(1).max(64),
    oldpassword: z.string({ error: '请输入原密码' }).min(1, '密码不能为空').max(1024),
    newpassword: z.string({ error: '请输入新密码' }).min(1, '请输入新密码').max(1024),
    password2: z.string({ error: '请再次输入密码' }).min(1, '请再次输入密码').max(1024),
  }),
  data: z.null(),
});
