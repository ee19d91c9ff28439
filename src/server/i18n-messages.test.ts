import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDS_THAT_BLOCK_DELETE } from './modules/users/service.ts';
import { collectMessages, SRC, sourceFiles } from './testing/messages-scan.ts';

/**
 * Issue 16: every message the server can send (HttpError and its helpers, the zod messages of the
 * shared schemas, `message:` / `error:` texts, the message constants) and the web's own client
 * messages (src/web/lib) is a key of the `errors` catalogue, exactly or as a pattern ("Maximum
 * {{max}} files per message"), so the web can show it in Arabic. A new literal message that is
 * not in en/errors.json fails here.
 */
const I18N = path.join(SRC, 'shared/i18n');
const en = JSON.parse(readFileSync(path.join(I18N, 'en/errors.json'), 'utf8')) as Record<string, string>;
const ar = JSON.parse(readFileSync(path.join(I18N, 'ar/errors.json'), 'utf8')) as Record<string, string>;

/** A key's shape: each {{value}} (or {{value, kind}}) as {{}}, like the scan writes a template literal. */
const shapeOf = (key: string) => key.replace(/\{\{[^}]*\}\}/g, '{{}}');
const shapes = new Set(Object.keys(en).map(shapeOf));

/**
 * Messages built at run time from a few fixed words: the scanned shape, and the keys the texts it
 * can produce are under (each must exist).
 */
const EXPANSIONS: Record<string, string[]> = {
  'API rate limit exceeded ({{}} requests per hour). Try again in {{}} {{}}.': [
    'API rate limit exceeded ({{limit}} requests per hour). Try again in 1 minute.',
    'API rate limit exceeded ({{limit}} requests per hour). Try again in {{minutes}} minutes.',
  ],
  'Too many password reset requests. Try again in {{}}.': [
    'Too many password reset requests. Try again in 1 minute.',
    'Too many password reset requests. Try again in {{minutes}} minutes.',
  ],
  'Nobody had {{}} in this deal during the period': [
    'Nobody had a commitment in this deal during the period',
    'Nobody had contributed capital in this deal during the period',
  ],
  'Choose a user type for the {{}} role': ['Choose a user type for the admin role', 'Choose a user type for the investor role'],
  'IP whitelist: {{}}': ["IP whitelist: '{{entry}}' is not an IP address or a CIDR range"],
};

/** The rate limits' "{minutes}" becomes "1 minute" or "N minutes" (auth/attempts.ts). */
const expand = (text: string): string[] =>
  text.includes('{minutes}')
    ? [text.replace('{minutes}', '1 minute'), text.replace('{minutes}', '{{minutes}} minutes')]
    : (EXPANSIONS[text] ?? [text]);

const covered = (text: string) => text in en || shapes.has(shapeOf(text));

describe('the errors catalogue', () => {
  const files = [
    ...sourceFiles(path.join(SRC, 'server')),
    ...sourceFiles(path.join(SRC, 'shared')),
    ...sourceFiles(path.join(SRC, 'web/lib')),
  ];
  const all = files.flatMap(collectMessages);

  it('has every literal message of the server, the shared schemas and the web client as a key (exact or pattern)', () => {
    expect(all.length).toBeGreaterThan(250);
    const missing = all.flatMap((m) =>
      expand(m.text)
        .filter((t) => !covered(t))
        .map((t) => `${m.where}: ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('the scan finds what it must (a sample of each kind of message)', () => {
    const texts = new Set(all.map((m) => m.text));
    for (const t of [
      'Not found', // notFound() default
      'Deal not found', // notFound('…')
      'Invalid login credentials', // new HttpError(401, '…')
      'Passwords do not match', // message constant
      'Title is required', // zod message
      'Too many failed sign-in attempts. Try again in {minutes}.', // rate-limit text
      'The file is too large (maximum {{}} MB)', // template literal
      'Cannot reach the server. Check your connection and try again.', // web client
      'Distributions must be in date order', // WaterfallInputError
    ])
      expect(texts).toContain(t);
  });

  it('keys are the English texts themselves, each with an Arabic translation keeping its values', () => {
    const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    for (const [key, value] of Object.entries(en)) {
      expect({ key, value }).toEqual({ key, value: key });
      expect({ key, ar: Boolean(ar[key]?.trim()) }).toEqual({ key, ar: true });
      expect({ key, names: names(ar[key] ?? '') }).toEqual({ key, names: names(key) });
    }
    expect(Object.keys(ar).filter((k) => !(k in en))).toEqual([]);
  });

  /**
   * A value caught by a pattern is shown as it is unless the pattern names its kind
   * (`{{status, kycStatus}}`: translated by the web's translateMessage, decision 021). Values that
   * are not language (numbers, amounts, sizes, the user's own input, codes) are listed here; a new
   * placeholder must be one of them or name its kind, so no English word stays inside Arabic.
   */
  const NOT_LANGUAGE = new Set([
    ...['max', 'min', 'minutes', 'limit', 'index', 'sum', 'status', 'expected', 'length'], // numbers ('status': an HTTP status)
    ...['amount', 'committed', 'unfunded', 'outstanding', 'size', 'total', 'quota', 'used'], // formatted amounts and sizes
    ...['value', 'entry', 'address', 'response', 'pattern', 'extension', 'extensions', 'investor', 'spv', 'options', 'country'], // input, names, codes ('country': an IBAN's country code)
  ]);

  it('every value caught by a pattern either names its kind or is not language', () => {
    const bare = Object.keys(en).flatMap((key) =>
      [...key.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].filter((m) => !NOT_LANGUAGE.has(m[1] as string)).map((m) => `${key}: ${m[1]}`),
    );
    expect(bare).toEqual([]);
  });

  it('the fixed English texts a {{…, text}} value can be are keys of the catalogue', () => {
    const texts = RECORDS_THAT_BLOCK_DELETE.map((r) => r.label);
    // The waterfall's field names: cents(x, 'Contribution amount'), rate(…, 'Hurdle rate'), dayNumber(…, 'Distribution date').
    const waterfall = readFileSync(path.join(SRC, 'shared/waterfall.ts'), 'utf8');
    texts.push(...[...waterfall.matchAll(/\b(?:cents|rate|dayNumber)\((?:[^'()]|\([^()]*\))*'([^']+)'\)/g)].map((m) => m[1] as string));
    expect(texts.length).toBeGreaterThan(15);
    expect(texts.filter((t) => !(t in en))).toEqual([]);
  });
});
