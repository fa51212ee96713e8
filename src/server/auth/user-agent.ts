/**
 * The browser and system a session's User-Agent names, for the "Signed-in devices" list. A few
 * patterns, not a full parser: the list only has to let people recognise their own devices. Order
 * matters, since most browsers also claim to be the ones they are built on (Edge and Opera say
 * "Chrome", Chrome says "Safari", and every Android string says "Linux").
 */
export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_SYSTEM = 'Unknown system';

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b|\bOPiOS\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\/\w+$/, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export interface UserAgentSummary {
  browser: string;
  system: string;
}

export function describeUserAgent(userAgent: string | null): UserAgentSummary {
  const ua = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? UNKNOWN_BROWSER,
    system: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? UNKNOWN_SYSTEM,
  };
}
