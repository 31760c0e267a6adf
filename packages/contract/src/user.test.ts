// The change-password rules and their exact messages (spec section 5).
import { expect, it } from 'vitest';
import { passwordChangeProblem } from './user';

it.each([
  [{}, '请输入原密码'],
  [{ oldpassword: '' }, '密码不能为空'],
  [{ oldpassword: 'a' }, '请输入新密码'],
  [{ oldpassword: 'a', newpassword: 'abc12' }, '6-20个字符,必须包含大小写字母和数字'],
  [{ oldpassword: 'a', newpassword: 'abcdef12' }, '6-20个字符,必须包含大小写字母和数字'],
  [{ oldpassword: 'a', newpassword: 'ABCDEF12' }, '6-20个字符,必须包含大小写字母和数字'],
  [{ oldpassword: 'a', newpassword: 'Abcdefgh' }, '6-20个字符,必须包含大小写字母和数字'],
  [{ oldpassword: 'a', newpassword: 'Abc1234567890123456789' }, '6-20个字符,必须包含大小写字母和数字'],
  [{ oldpassword: 'a', newpassword: 'Abc123' }, '请再次输入密码'],
  [{ oldpassword: 'a', newpassword: 'Abc123', password2: 'Abc124' }, '两次输入密码不一致!'],
  [{ oldpassword: 'a', newpassword: 'Abc123', password2: 'Abc123' }, null],
])('%o -> %s', (form, expected) => {
  expect(passwordChangeProblem(form)).toBe(expected);
});
