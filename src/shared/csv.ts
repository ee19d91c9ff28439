import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, or a tab / carriage
 * return before one) gets a leading apostrophe, so it opens as text. Numbers stay numbers only
 * when they are plain decimals ('-12.50' is a negative amount, not a formula).
 */
export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Rows to CSV text (header first), every cell neutralised; papaparse quotes what needs quoting. */
export function toCsv(columns: { key: string; label: string }[], rows: Record<string, unknown>[]): string {
  return Papa.unparse({
    fields: columns.map((c) => neutraliseCell(c.label)),
    data: rows.map((r) => columns.map((c) => neutraliseCell(r[c.key]))),
  });
}
