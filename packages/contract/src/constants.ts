// Constants and limits of spec section 9 that client and server share.
export const Timeouts = {
  /** Default and export timeout of the platform client. */
  defaultMs: 60_000,
  exportMs: 60_000,
  /** First client (token header client) and usage-log client. */
  longMs: 600_000,
} as const;

export const PasswordPolicy = {
  minLength: 6,
  maxLength: 20,
  /** At least one lowercase letter, one uppercase letter and one digit. */
  pattern: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{6,20}$/,
  message: '6-20个字符,必须包含大小写字母和数字',
  messageEn: '6-20 characters, with upper- and lower-case letters and a digit',
  warnDays: 3,
  logoutDelayMs: 1000,
} as const;

export const Dialogs = {
  passwordDialogDelayMs: 500,
  accountExpiryDelayMs: 400,
} as const;

export const Layout = {
  mobileBreakpointPx: 992,
  sidebarWidthPx: 150,
  /** English menu names run longer than the Chinese ones the spec's 150 px was drawn for. */
  sidebarWidthEnPx: 200,
  frameHeightOffsetPx: 90,
  themeColor: '#409EFF',
} as const;

export const PageSizes = { employee: 10, supplier: 9999 } as const;

/** Cookie and header names the two clients use (spec sections 3 and 7). */
export const ClientKeys = {
  /** The session token as an HttpOnly cookie the server sets at login; never readable by scripts. */
  tokenCookie: 'Admin-Token',
  tokenHeader: 'token',
  /**
   * Double submit: a script-readable cookie holding a value derived from the session (not the credential),
   * which the web app echoes in the header; the session cookie counts only when the header matches it.
   */
  csrfCookie: 'XSRF-TOKEN',
  csrfHeader: 'x-xsrf-token',
} as const;
