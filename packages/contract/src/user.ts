// The user's own account: info, mini-program QR code, password change.
import { z } from 'zod';
import { defineCall } from './call';
import { PasswordPolicy } from './constants';
import { Messages } from './envelope';

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

/** The change-password rules of spec section 5 on plain passwords: the first broken rule's message, or null. */
export function passwordChangeProblem(form: { oldpassword?: string; newpassword?: string; password2?: string }): string | null {
  if (form.oldpassword === undefined) return '请输入原密码';
  if (form.oldpassword === '') return '密码不能为空';
  if (!form.newpassword) return '请输入新密码';
  if (!PasswordPolicy.pattern.test(form.newpassword)) return PasswordPolicy.message;
  if (!form.password2) return '请再次输入密码';
  if (form.password2 !== form.newpassword) return '两次输入密码不一致!';
  return null;
}

export const updatePassword = defineCall({
  area: 'user',
  method: 'POST',
  path: '/user/updatePassword',
  summary: "Change the caller's password; the three passwords are RSA-OAEP encrypted like the login password",
  successMessage: Messages.passwordChanged,
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
