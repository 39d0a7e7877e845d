// A session's device as a person reads it ("Firefox on Windows") from the User-Agent it signed in
// with. No User-Agent parser is installed, and the settings page needs only the browser and the
// system, so a short ordered list of well-known markers does it; anything else reads as what it is.

/** Browsers, most specific first: Edge and Opera say "Chrome" too, and Chrome says "Safari". */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

/** Systems, most specific first: Android says "Linux", iOS says "like Mac OS X". */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const UNKNOWN = 'Unknown device';

/** "Browser on System", one of them alone when the other is not recognised, or "Unknown device". */
export function deviceSummary(userAgent: string | null): string {
  if (!userAgent?.trim()) return UNKNOWN;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN;
}
