/** A browser session's device in plain words, from its User-Agent header (no lookup tables, no tracking). */
export interface DeviceDescription {
  browser: string | null;
  platform: string | null;
  mobile: boolean;
  /** e.g. "Chrome on Linux", "Safari on iPhone", "Unknown device" */
  label: string;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
];

const PLATFORMS: Array<[RegExp, string, boolean]> = [
  [/\biPhone\b/, 'iPhone', true],
  [/\biPad\b/, 'iPad', true],
  [/\bAndroid\b/, 'Android', true],
  [/\bCrOS\b/, 'ChromeOS', false],
  [/\bWindows\b/, 'Windows', false],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS', false],
  [/\bLinux\b/, 'Linux', false],
];

export function describeUserAgent(ua: string | null | undefined): DeviceDescription {
  if (!ua) return { browser: null, platform: null, mobile: false, label: 'Unknown device' };
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const p = PLATFORMS.find(([re]) => re.test(ua));
  const platform = p?.[1] ?? null;
  const mobile = p?.[2] ?? /\bMobile\b/.test(ua);
  const label =
    browser && platform
      ? `${browser} on ${platform}`
      : (browser ?? (platform ? `A browser on ${platform}` : 'Unknown device'));
  return { browser, platform, mobile, label };
}
