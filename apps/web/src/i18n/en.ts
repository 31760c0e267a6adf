// English texts of the shell; same keys as zh-CN.ts. Each feature's own texts are in its texts.ts.
import type { Texts } from './texts';
import type { zhCN } from './zh-CN';

export const en: Texts<typeof zhCN> = {
  app: { title: 'Supplier Collaboration Portal' },
  shell: {
    supplier: 'Supplier', allSuppliers: 'All suppliers', listTotal: '{{total}} in all',
    operator: 'Operator', userMenu: 'User menu', userInfo: 'User info', changePassword: 'Change password', logout: 'Log out', home: 'Home',
    search: 'Search menu', fullscreen: 'Fullscreen', fullscreenUnsupported: 'Your browser does not support fullscreen',
    size: 'Size', sizes: { default: 'Default', medium: 'Medium', small: 'Small', mini: 'Mini' }, language: 'Language',
    errorLog: 'Error log', clearAll: 'Clear All', qrCode: 'Mini-program QR code', qrCodeHint: 'Scan with WeChat to follow orders and bills',
    helpCenter: 'Help center', settings: 'Settings', toggleSidebar: 'Toggle menu',
    tagsView: 'Tabs',
    tags: { refresh: 'Refresh', close: 'Close', closeOthers: 'Close Others', closeAll: 'Close All' },
    frameRefused: 'This address is not a configured external module', ssoCopied: 'Second verification code copied to the clipboard',
    ssoCodeFailed: 'Could not get the second verification code',
  },
  settings: { title: 'Layout settings', theme: 'Theme colour', tagsView: 'Tags view', fixedHeader: 'Fixed header', sidebarLogo: 'Sidebar logo' },
  userInfo: {
    employeeCode: 'Account', employeeName: 'Name', movPhone: 'Mobile', matureDate: 'Valid until', parentCode: 'Main account',
    firstLoginTime: 'First login', lastLoginTime: 'Last login', never: 'No expiry',
  },
  password: {
    title: 'Change password', forcedTitle: 'Change your password to continue', old: 'Old password', new: 'New password',
    confirm: 'Confirm password', submit: 'OK', cancel: 'Cancel', changeNow: 'Change now', later: 'Later',
    expiresSoon: 'Your password expires in {{days}} days.', expired: 'Your password has expired or must be changed now.',
    noticeTitle: 'Password', accountExpires: 'Your account expires on {{date}}; ask an administrator to extend it.',
    accountNoticeTitle: 'Account expiry',
  },
  errors: {
    notFound: 'Sorry, this page does not exist', unauthorized: 'Sorry, you may not open this page', backHome: 'Back home',
    noPermission: 'No permission', hasError: 'Has Error',
  },
  history: { title: 'History', empty: 'Nothing recorded yet', state: 'State: {{from}} → {{to}}' },
};
