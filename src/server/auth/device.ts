/**
 * The device a request came from, as a security e-mail names it ("Chrome 120 on Windows 10, from
 * 203.0.113.7"): bowser's reading of the User-Agent, and the address. Wording only: anyone can send
 * any User-Agent, so whether a sign-in comes from a known device is decided by the signed device
 * cookie (device-cookie.ts), never by these names.
 */
import Bowser from 'bowser';
import type { SessionMeta } from './sessions.ts';
import { UNKNOWN_BROWSER, UNKNOWN_SYSTEM } from './user-agent.ts';

export interface DeviceFacts {
  /** "Chrome 120" or "Unknown browser". */
  browser: string;
  /** "Windows 10", "iOS 17.1" or "Unknown system". */
  system: string;
  ipAddress: string | null;
}

interface Parsed {
  browserName: string | undefined;
  browserVersion: string | undefined;
  systemName: string | undefined;
  systemVersion: string | undefined;
}

function parse(userAgent: string | null): Parsed {
  const ua = (userAgent ?? '').slice(0, 1000);
  if (!ua.trim()) return { browserName: undefined, browserVersion: undefined, systemName: undefined, systemVersion: undefined };
  const result = Bowser.parse(ua);
  return {
    browserName: result.browser.name,
    browserVersion: result.browser.version,
    systemName: result.os.name,
    systemVersion: result.os.versionName ?? result.os.version,
  };
}

/** The browser (major version), the system and the address, for a security e-mail. */
export function describeDevice(meta: SessionMeta): DeviceFacts {
  const p = parse(meta.userAgent);
  const major = p.browserVersion?.split('.')[0];
  return {
    browser: p.browserName ? [p.browserName, major].filter(Boolean).join(' ') : UNKNOWN_BROWSER,
    system: p.systemName ? [p.systemName, p.systemVersion].filter(Boolean).join(' ') : UNKNOWN_SYSTEM,
    ipAddress: meta.ipAddress,
  };
}
