// Where a login or the identity provider's return address may send the user next: only a path of this app.

/** The target when it is a path of this app (never `//host`, `/\host` or a full address elsewhere), else the dashboard. */
export const safeRedirect = (target: string | null | undefined): string =>
  target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/dashboard';
