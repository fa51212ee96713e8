// auth/user-agent.ts: real User-Agent strings of the browsers and systems the devices list names.
import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '#server/auth/user-agent.ts';

const cases: [string, string, string][] = [
  ['Chrome', 'Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
  [
    'Edge',
    'Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  ],
  ['Firefox', 'Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  [
    'Opera',
    'Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  ],
  [
    'Safari',
    'macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  ],
  ['Firefox', 'macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0'],
  [
    'Safari',
    'iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ],
  [
    'Chrome',
    'iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  ],
  [
    'Firefox',
    'iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  ],
  [
    'Safari',
    'iPadOS',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  ],
  ['Chrome', 'Android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'],
  [
    'Samsung Internet',
    'Android',
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
  ],
  ['Firefox', 'Android', 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0'],
  ['Chrome', 'Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
  // What the browser tests' Chromium sends.
  ['Chrome', 'Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'],
  ['Firefox', 'Linux', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  ['Chrome', 'ChromeOS', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
];

describe('describeUserAgent', () => {
  it.each(cases)('%s on %s', (browser, system, ua) => {
    expect(describeUserAgent(ua)).toEqual({ browser, system });
  });

  it('says "Unknown" for what it cannot tell, and for no header at all', () => {
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', system: 'Unknown system' });
    expect(describeUserAgent('')).toEqual({ browser: 'Unknown browser', system: 'Unknown system' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: 'Unknown browser', system: 'Unknown system' });
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) SomethingNew/1.0')).toEqual({ browser: 'Unknown browser', system: 'Windows' });
  });
});
