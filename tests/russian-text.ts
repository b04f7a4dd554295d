/**
 * What a Russian screen must not show: English words (an untranslated text or an English fixture),
 * an American date (mm/dd/yyyy, 11/28/2026) and an amount or number written the English way
 * ('$1,234.56', '12.50') instead of as the shared formatter writes it in Russian ('1 234,56 $').
 * The story test run (.storybook/story-text-scan.ts) and the end-to-end page walk
 * (tests/e2e/support/russian-text.ts) both call `russianTextFaults` in the page.
 */

/**
 * Latin words a Russian screen shows on purpose: the product's and the payment systems' names,
 * codes, units and terms written in Latin in Russian too, and the keys of a keyboard.
 */
export const LATIN_ALLOWED = [
  // Names: the demo brand, the sandbox payment systems, passkey and authenticator vendors and apps.
  'FX',
  'Timed',
  'Bets',
  'Visa',
  'Mastercard',
  'SBP',
  'Sandbox',
  'Google',
  'Apple',
  'Microsoft',
  'Authenticator',
  'Aegis',
  '1Password',
  'Windows',
  'Hello',
  'iCloud',
  'Telegram',
  'WebAuthn',
  'Chrome',
  'Safari',
  'Firefox',
  'Android',
  'iPhone',
  'iOS',
  'macOS',
  'Linux',
  // Codes and terms written in Latin in Russian too.
  'ID',
  'TOTP',
  'PIN',
  'QR',
  // File types, as a file's label names them.
  'PDF',
  'PNG',
  'JPEG',
  'JPG',
  'CSV',
  'DOC',
  'DOCX',
  'XLS',
  'XLSX',
  'TXT',
  'ZIP',
  'GIF',
  'HEIC',
  'WEBP',
  'SMS',
  'IP',
  'UTC',
  'GMT',
  'URL',
  'Email',
  'email',
  'USDT',
  'IBAN',
  'API',
  'KYC',
  'OTP',
  'SMA',
  'EMA',
  'RSI',
  'MACD',
  'OHLC',
  // The chart's indicators by their usual abbreviations (Параболик SAR, ADX / DMI).
  'WMA',
  'SAR',
  'ADX',
  'DMI',
  'CCI',
  'ATR',
  'ROC',
  'AO',
  // The language switcher's codes.
  'RU',
  'EN',
  'BR',
  'ES',
  'TR',
  'VI',
  'HI',
  'AR',
  'CN',
  // Keyboard keys.
  'Ctrl',
  'Alt',
  'Shift',
  'Esc',
  'Escape',
  'PgUp',
  'PgDn',
  'Delete',
  'Enter',
  'Tab',
  'Space',
  'Cmd',
];

/**
 * The faults in the text a Russian page shows: visible text and the names a screen reader or a
 * pointer reads (aria-label, placeholder, title, alt). Self-contained, so Playwright can send it to
 * the page as it is. `ignore` lists selectors of parts that are not the page's (a test harness).
 */
export function russianTextFaults(allowed: readonly string[], ignore: readonly string[] = []): string[] {
  const allowedWords = new Set(allowed);
  const faults = new Set<string>();
  // A currency or a pair ('USD', 'EUR/USD') is its ISO code in every language.
  const currencyCode = /^[A-Z]{3}$/;
  // Addresses, file names (the user's data: 'setup.exe', 'statement.docx') and paths are written
  // as they are in every language.
  const addresses =
    /\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b|\b(https?:\/\/|www\.)\S+|\b[\w-]+(\.[\w-]+)*\.(com|ru|org|net|io|app|local|test|example|pdf|png|jpe?g|gif|heic|csv|webp|svg|txt|docx?|xlsx?|rtf|odt|zip|exe)\b(\/\S*)?|(?<!\S)\/[\w/-]+/gi;
  const checks: { what: string; pattern: RegExp }[] = [
    { what: 'an American date', pattern: /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\bmm\/dd\/yyyy\b/gi },
    { what: 'an amount with the dollar before it', pattern: /\$\s?[\d\u2212-]/g },
    // Thousands grouped by commas, told from a Russian decimal comma ('0,001', '149,512': a price
    // with three decimals) by a decimal point after them or by two groups at least.
    { what: 'an English number', pattern: /(?<![\d.,])[1-9]\d{0,2}((,\d{3})+\.\d+|(,\d{3}){2,})(?![\d.,])|(?<![\d.,:])\d+\.\d+(?![\d.,])/g },
  ];

  function scan(text: string, where: string): void {
    const rest = text.replace(addresses, ' ');
    for (const { what, pattern } of checks) {
      for (const match of rest.matchAll(pattern)) faults.add(`${what} "${match[0]}" in ${where}`);
    }
    // Digits that lead a word belong to it ('1Password').
    for (const match of rest.matchAll(/\d*[A-Za-z][A-Za-z'’]*/g)) {
      const word = match[0];
      // A lone capital letter is a key of the keyboard, as a shortcut names it ('(L)').
      if (allowedWords.has(word) || currencyCode.test(word) || /^[A-Z]$/.test(word)) continue;
      faults.add(`the Latin word "${word}" in ${where}: "${text.trim().slice(0, 80)}"`);
    }
  }

  // A text marked as another language (a language under its own name) is that language's; one
  // marked translate="no" is no language's (a secret, recovery codes).
  const otherLanguage = (element: Element) => !(element.closest('[lang]')?.getAttribute('lang') ?? 'ru').startsWith('ru');
  const notWords = (element: Element) => element.closest('[translate="no"]') !== null;
  const ignored = (element: Element) => otherLanguage(element) || notWords(element) || ignore.some((selector) => element.closest(selector));
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const role = element.getAttribute('role');
    return `<${element.tagName.toLowerCase()}${id}${role ? ` role=${role}` : ''}>`;
  };

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    if (!parent || !/[A-Za-z\d]/.test(text)) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName) || ignored(parent)) continue;
    // Text for screen readers only (clipped, still rendered) is read all the same.
    if (!parent.checkVisibility()) continue;
    scan(text, describe(parent));
  }
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
    if (ignored(element) || !element.checkVisibility()) continue;
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(name);
      if (value) scan(value, `${name} of ${describe(element)}`);
    }
  }
  return [...faults];
}
