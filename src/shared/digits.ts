/**
 * Digits (issue 16): Arabic pages write numbers in Western digits unless the user chooses
 * Arabic-Indic ones. Tiny and free of imports, so the shell and the landing page can use it
 * without the format module.
 */
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
/** The decimal and group separators and the percent sign as Intl writes them with Arabic-Indic digits. */
const SEPARATORS: Record<string, string> = { '.': '\u066b', ',': '\u066c', '%': '\u066a' };
/**
 * A number already written with Western digits ('$1,250.50', '2026') in the locale's digits: the
 * same text when the locale writes Western digits; with Arabic-Indic digits (the user's choice on
 * Arabic pages, '-u-nu-arab') each digit, the decimal and group separators and the percent sign as
 * Intl writes them there ('$١٬٢٥٠٫٥٠', '١٦٫٤٪'). One character for one, so nothing moves.
 */
export function localeDigits(text: string, locale: string): string {
  if (!locale.includes('-nu-arab')) return text;
  return text.replace(/[0-9.,%]/g, (c) => SEPARATORS[c] ?? (ARABIC_INDIC[Number(c)] as string));
}

/** Arabic-Indic and Extended Arabic-Indic (Persian) digits and the Arabic separators typed into a number field, as Western ones. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b\u066c]/g, (c) => {
    const code = c.charCodeAt(0);
    if (c === '\u066b') return '.';
    if (c === '\u066c') return ',';
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}
