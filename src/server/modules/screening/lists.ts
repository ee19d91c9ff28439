import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Papa from 'papaparse';
import type { ScreeningSource } from '../../../shared/screening.ts';
import { badRequest } from '../../http/errors.ts';

/**
 * Parsers for the screening lists (decision 038). Each returns the entries or throws a 400 with
 * a message; nothing is stored until a whole file has parsed.
 *  - UN Security Council Consolidated List, its published XML: CONSOLIDATED_LIST with
 *    INDIVIDUALS/INDIVIDUAL (FIRST_NAME..FOURTH_NAME, NAME_ORIGINAL_SCRIPT, INDIVIDUAL_ALIAS/ALIAS_NAME,
 *    INDIVIDUAL_DATE_OF_BIRTH with DATE or YEAR, NATIONALITY/VALUE, REFERENCE_NUMBER) and ENTITIES/ENTITY.
 *  - UAE Local Terrorist List and the firm's list: CSV with a header row; columns are found by
 *    name (English or Arabic headings), see COLUMN_NAMES.
 */

export interface ListEntry {
  ref: string;
  kind: 'individual' | 'entity';
  name: string;
  aliases: string[];
  datesOfBirth: string[];
  nationalities: string[];
  pep: boolean;
  fingerprint: string;
}

export const MAX_LIST_ENTRIES = 50_000;

const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return text((v as Record<string, unknown>)['#text']);
  return String(v).replace(/\s+/g, ' ').trim();
};
const many = (v: unknown): unknown[] => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);
const unique = (l: string[]) => [...new Set(l.filter(Boolean))];

function finish(e: Omit<ListEntry, 'fingerprint'>): ListEntry {
  const aliases = unique(e.aliases).filter((a) => a !== e.name);
  const datesOfBirth = unique(e.datesOfBirth).sort();
  const nationalities = unique(e.nationalities).sort();
  const content = JSON.stringify([e.kind, e.name, [...aliases].sort(), datesOfBirth, nationalities, e.pep]);
  return { ...e, aliases, datesOfBirth, nationalities, fingerprint: createHash('sha256').update(content).digest('hex') };
}

/** A date of birth as YYYY-MM-DD or YYYY (what the matcher compares); anything else is dropped. */
function dob(v: string): string {
  const s = v.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (dmy) return `${dmy[3]}-${(dmy[2] as string).padStart(2, '0')}-${(dmy[1] as string).padStart(2, '0')}`;
  const year = /^(\d{4})$/.exec(s);
  return year ? (year[1] as string) : '';
}

export function parseUnXml(body: string): ListEntry[] {
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw badRequest(`The file is not valid XML (line ${valid.err.line}: ${valid.err.msg})`);
  const doc = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true }).parse(
    body,
  ) as Record<string, unknown>;
  const root = doc.CONSOLIDATED_LIST as Record<string, unknown> | undefined;
  if (!root || typeof root !== 'object')
    throw badRequest('This is not the UN Security Council Consolidated List format (no CONSOLIDATED_LIST element)');
  const entries: ListEntry[] = [];
  const individuals = many((root.INDIVIDUALS as Record<string, unknown> | undefined)?.INDIVIDUAL);
  for (const [i, raw] of individuals.entries()) {
    const x = raw as Record<string, unknown>;
    const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
      .map((k) => text(x[k]))
      .filter(Boolean)
      .join(' ');
    const ref = text(x.REFERENCE_NUMBER) || text(x.DATAID);
    if (!name || !ref) throw badRequest(`Individual ${i + 1} has no name or no REFERENCE_NUMBER`);
    const aliases = [text(x.NAME_ORIGINAL_SCRIPT), ...many(x.INDIVIDUAL_ALIAS).map((a) => text((a as Record<string, unknown>).ALIAS_NAME))];
    const dates = many(x.INDIVIDUAL_DATE_OF_BIRTH).map((d) => {
      const r = d as Record<string, unknown>;
      return dob(text(r.DATE)) || dob(text(r.YEAR)) || dob(text(r.FROM_YEAR));
    });
    const nationalities = many((x.NATIONALITY as Record<string, unknown> | undefined)?.VALUE).map(text);
    entries.push(finish({ ref, kind: 'individual', name, aliases, datesOfBirth: dates, nationalities, pep: false }));
  }
  const entities = many((root.ENTITIES as Record<string, unknown> | undefined)?.ENTITY);
  for (const [i, raw] of entities.entries()) {
    const x = raw as Record<string, unknown>;
    const name = text(x.FIRST_NAME);
    const ref = text(x.REFERENCE_NUMBER) || text(x.DATAID);
    if (!name || !ref) throw badRequest(`Entity ${i + 1} has no name or no REFERENCE_NUMBER`);
    const aliases = many(x.ENTITY_ALIAS).map((a) => text((a as Record<string, unknown>).ALIAS_NAME));
    entries.push(finish({ ref, kind: 'entity', name, aliases, datesOfBirth: [], nationalities: [], pep: false }));
  }
  return entries;
}

/** Header names each CSV column may have (lower case, English or Arabic). */
const COLUMN_NAMES = {
  ref: ['ref', 'reference', 'reference number', 'id', 'no', 'no.', 'serial', 'الرقم', 'رقم'],
  name: ['name', 'full name', 'name (english)', 'english name', 'الاسم', 'الاسم باللغة الانجليزية'],
  arabicName: ['arabic name', 'name (arabic)', 'الاسم باللغة العربية', 'الاسم بالعربية'],
  aliases: ['aliases', 'alias', 'also known as', 'aka', 'الأسماء الأخرى'],
  dob: ['date of birth', 'dob', 'birth date', 'date_of_birth', 'تاريخ الميلاد'],
  nationality: ['nationality', 'nationalities', 'الجنسية'],
  kind: ['type', 'kind', 'category', 'النوع'],
  pep: ['pep', 'politically exposed'],
} as const;

export function parseCsvList(body: string): ListEntry[] {
  const parsed = Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  // A one-column file has no delimiter to detect: not an error.
  const errors = parsed.errors.filter((e) => e.code !== 'UndetectableDelimiter');
  if (errors.length > 0) {
    const e = errors[0] as Papa.ParseError;
    throw badRequest(`The CSV file could not be read (row ${(e.row ?? 0) + 1}: ${e.message})`);
  }
  const [header, ...rows] = parsed.data;
  if (!header || rows.length === 0) throw badRequest('The CSV file has no entries (a header row and at least one entry are needed)');
  const heads = header.map((h) => h.trim().toLowerCase());
  const col = (k: keyof typeof COLUMN_NAMES) => heads.findIndex((h) => (COLUMN_NAMES[k] as readonly string[]).includes(h));
  const at = { ref: col('ref'), name: col('name'), arabicName: col('arabicName'), aliases: col('aliases'), dob: col('dob') };
  const more = { nationality: col('nationality'), kind: col('kind'), pep: col('pep') };
  if (at.name < 0 && at.arabicName < 0) throw badRequest('The CSV file has no name column (a "Name" heading is needed)');
  const seen = new Set<string>();
  return rows.map((r, i) => {
    const cell = (c: number) => (c >= 0 ? (r[c] ?? '').trim() : '');
    const name = cell(at.name) || cell(at.arabicName);
    if (!name) throw badRequest(`Row ${i + 2} of the list has no name`);
    let ref = cell(at.ref) || `row-${i + 2}`;
    if (seen.has(ref)) ref = `${ref}#${i + 2}`;
    seen.add(ref);
    const kindText = cell(more.kind).toLowerCase();
    const kind = /entit|company|organi|كيان/.test(kindText) ? 'entity' : 'individual';
    const split = (v: string) => v.split(/[;|]/).map((s) => s.trim());
    return finish({
      ref,
      kind,
      name,
      aliases: [...split(cell(at.aliases)), cell(at.name) ? cell(at.arabicName) : ''],
      datesOfBirth: split(cell(at.dob)).map(dob),
      nationalities: split(cell(more.nationality)),
      pep: /^(y|yes|true|1|pep)$/i.test(cell(more.pep)),
    });
  });
}

/** Parses a list file of a source; 400 for anything malformed or empty. */
export function parseList(source: ScreeningSource, bytes: Buffer): ListEntry[] {
  let body: string;
  try {
    body = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text');
  }
  if (body.includes('\0')) throw badRequest('The file is not UTF-8 text');
  const entries = source === 'un' ? parseUnXml(body) : parseCsvList(body);
  if (entries.length === 0) throw badRequest('The list has no entries');
  if (entries.length > MAX_LIST_ENTRIES) throw badRequest(`The list has more than ${MAX_LIST_ENTRIES.toLocaleString('en')} entries`);
  const refs = new Set<string>();
  for (const e of entries) {
    if (refs.has(e.ref)) throw badRequest(`The reference ${e.ref} appears twice in the list`);
    refs.add(e.ref);
  }
  return entries;
}
