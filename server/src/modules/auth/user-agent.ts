import type { Device } from '../../../../src/api/contract/security';

/**
 * The browser and system of a User-Agent header, enough for a trader to recognise their own
 * devices in the sessions list and the sign-in history. The order matters: Edge and Opera say
 * "Chrome" too, Chrome says "Safari", every iPhone browser says "Safari"; only the major version
 * is kept.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/YaBrowser\/(\d+)/, 'Yandex Browser'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function parseUserAgent(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? '';
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser, os, mobile: /Mobi|Android|iPhone|iPad/.test(ua) };
}

/** "Chrome 120, Windows" for texts (an email); `unknown` when nothing was recognised. */
export const describeDevice = (device: Device, unknown: string): string => [device.browser, device.os].filter(Boolean).join(', ') || unknown;
