// The device, operating system and browser a session's user agent names (bowser), as "My sessions" shows them.
import type { DeviceType } from '@portal/contract';
import Bowser from 'bowser';

export interface Device {
  deviceType: DeviceType;
  os: string;
  browser: string;
}

const named = (name: string | undefined, version: string | undefined) => (name ? (version ? `${name} ${version}` : name) : '');

/** The major version only (Chrome 131, not 131.0.6778.86); iOS and Android keep their minor (17.5). */
const major = (version: string | undefined) => version?.split('.')[0];

export function deviceOf(userAgent: string): Device {
  if (!userAgent.trim()) return { deviceType: 'unknown', os: '', browser: '' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  const os = parsed.os;
  return {
    deviceType: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'unknown',
    // Windows reports its NT version; its name (10, 11, 7) is what people know.
    os: named(os.name, os.versionName && os.name === 'Windows' ? os.versionName : os.version),
    browser: named(parsed.browser.name, major(parsed.browser.version)),
  };
}
