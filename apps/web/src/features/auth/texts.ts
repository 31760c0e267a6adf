// Texts of the sign-in pages (zh-CN default, en), merged into the app's translations by i18n/index.ts.
import type { Texts } from '../../i18n/texts';

export const zhCN = {
  login: {
    supplierTitle: '供应商登录',
    staffTitle: '员工登录',
    username: '用户名',
    password: '密码',
    usernamePlaceholder: '账号 / 手机号',
    passwordPlaceholder: '请输入密码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    captcha: '验证码',
    captchaRequired: '请输入验证码',
    refreshCaptcha: '换一张',
    submit: '登录',
    toStaff: '员工登录入口',
    toSupplier: '供应商登录入口',
    chooseIdentity: '请选择登录身份',
    insecure: '当前页面不是安全连接，无法加密密码，请通过 HTTPS 或 localhost 访问',
    frameLogin: '正在通过统一身份认证登录…',
  },
} as const;

export const en: Texts<typeof zhCN> = {
  login: {
    supplierTitle: 'Supplier sign-in',
    staffTitle: 'Staff sign-in',
    username: 'User name',
    password: 'Password',
    usernamePlaceholder: 'Account / mobile',
    passwordPlaceholder: 'Password',
    usernameRequired: 'Enter your user name',
    passwordRequired: 'Enter your password',
    captcha: 'Captcha',
    captchaRequired: 'Enter the captcha',
    refreshCaptcha: 'Another one',
    submit: 'Sign in',
    toStaff: 'Staff sign-in',
    toSupplier: 'Supplier sign-in',
    chooseIdentity: 'Choose an identity',
    insecure: 'This page is not a secure context and cannot encrypt the password: use HTTPS or localhost',
    frameLogin: 'Signing in through the identity provider…',
  },
};
