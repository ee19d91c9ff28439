import { jaroWinkler } from '@skyra/jaro-winkler';

/**
 * Sanctions and PEP name matching (issue 31, decision 038). Pure: the server's screening module
 * and the bench use it. The method, its threshold and its known misses are in decision 038.
 *
 *  1. Normalise: Unicode NFKD, diacritics removed, lower case, Arabic script transliterated to
 *     Latin letter by letter, punctuation to spaces, name particles (al, el, bin, ibn...) dropped,
 *     common spelling variants folded (mohammed/muhammad/mohamed -> muhammad).
 *  2. Each token also gets a consonant skeleton (vowels and doubled letters removed): Arabic script
 *     writes no short vowels, so "محمد" -> "mhmd" meets "Muhammad" -> "mhmd".
 *  3. Names compare as token sets (word order does not matter): each token of the shorter name
 *     takes its best unused partner in the other (Jaro-Winkler on the Latin form, or 0.95 x
 *     Jaro-Winkler on the skeletons); the score is the mean of those, lightly lowered for tokens of
 *     the longer name left without a partner.
 *  4. Date of birth and nationality, when both sides have them, raise or lower the score.
 */

/** The default threshold at or above which a pair is a hit (SCREENING_THRESHOLD overrides it). */
export const DEFAULT_SCREENING_THRESHOLD = 0.88;

/** Arabic letters to Latin (a simplified ALA-LC/UNGEGN scheme, no diacritics). */
const ARABIC: Record<string, string> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: '',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ة: 'a',
  و: 'u',
  ي: 'i',
  ى: 'a',
  ء: '',
  ؤ: '',
  ئ: '',
  پ: 'p',
  چ: 'ch',
  گ: 'g',
  ک: 'k',
  ی: 'i',
};

/** Arabic article and name particles: dropped, they carry no identity. */
const PARTICLES = new Set([
  'al',
  'el',
  'ul',
  'bin',
  'ben',
  'ibn',
  'bint',
  'abu',
  'abou',
  'bu',
  'de',
  'la',
  'le',
  'du',
  'van',
  'von',
  'der',
  'da',
]);

/** Spelling variants folded to one form (transliterations of the same Arabic name). */
const VARIANTS: Record<string, string> = {};
for (const [canonical, forms] of Object.entries({
  muhammad: [
    'mohammed',
    'mohammad',
    'mohamed',
    'mohamad',
    'muhammed',
    'muhamed',
    'muhamad',
    'mohd',
    'mhd',
    'mohamud',
    'muhammet',
    'mehmet',
  ],
  ahmad: ['ahmed', 'ahmet'],
  husayn: ['hussein', 'husain', 'hussain', 'husein', 'hossein', 'hussen'],
  hasan: ['hassan', 'hasen'],
  yusuf: ['youssef', 'yousef', 'yousif', 'yusef', 'youssouf', 'yosef'],
  umar: ['omar', 'omer'],
  uthman: ['othman', 'osman', 'usman', 'uthman'],
  abdallah: ['abdullah', 'abdulla', 'abdalla', 'abdallh', 'abdllh'],
  khalid: ['khaled'],
  mahmud: ['mahmoud', 'mahmood'],
  mustafa: ['mostafa', 'moustafa', 'mustapha'],
  ibrahim: ['ebrahim', 'ibraheem'],
  said: ['saeed', 'saied', 'sayed', 'sayyid'],
  ali: ['aly'],
})) {
  for (const f of forms) VARIANTS[f] = canonical;
}

export interface NameToken {
  latin: string;
  skeleton: string;
  /** Written in Arabic script (no short vowels): compared by skeleton as well. */
  arabic: boolean;
}

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

/** Arabic script to Latin, letter by letter; a word-initial ي or و is the consonant y or w, a word-initial ع a vowel. */
function transliterate(s: string): string {
  return s.replace(/[\u0600-\u06FF]/g, (c, offset: number, all: string) => {
    const initial = offset === 0 || !ARABIC_SCRIPT.test(all[offset - 1] as string);
    if (initial && c === 'ي') return 'y';
    if (initial && c === 'و') return 'w';
    if (initial && c === 'ع') return 'a';
    return ARABIC[c] ?? '';
  });
}

/** Latin, lower case, no diacritics or punctuation; Arabic script transliterated. */
export function normaliseText(raw: string): string {
  let s = raw.normalize('NFKD').replace(/\p{M}/gu, '');
  s = transliterate(s);
  s = s
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[ø]/g, 'o')
    .replace(/[đ]/g, 'd')
    .replace(/[ł]/g, 'l')
    .replace(/['’`ʻʼ]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return s;
}

/** The consonant skeleton of a Latin token: vowels (and y, w after the first letter) and doubled letters removed; q is k. */
export function skeleton(token: string): string {
  let out = '';
  for (let i = 0; i < token.length; i++) {
    let c = token[i] as string;
    if ('aeiou'.includes(c)) continue;
    if (i > 0 && (c === 'y' || c === 'w')) continue;
    if (c === 'q') c = 'k';
    if (out.endsWith(c)) continue;
    out += c;
  }
  return out;
}

const ABD = new Set(['abd', 'abdul', 'abdel', 'abdal', 'abdol', 'abdu']);

/**
 * A name as order-free tokens: particles dropped, variants folded, an article glued to a word
 * ("alrashid") split off, and "Abd" joined to the word after it ("Abd al-Karim" = "Abdulkarim").
 */
export function nameTokens(raw: string): NameToken[] {
  const words: { w: string; arabic: boolean }[] = [];
  for (const original of raw.split(/[\s\-_,.;/()]+/)) {
    const arabic = ARABIC_SCRIPT.test(original);
    for (const w of normaliseText(original).split(' ')) if (w) words.push({ w, arabic });
  }
  const out: NameToken[] = [];
  for (let i = 0; i < words.length; i++) {
    let { w: t, arabic } = words[i] as { w: string; arabic: boolean };
    if (ABD.has(t) && i + 1 < words.length) {
      let next = (words[i + 1] as { w: string }).w;
      if (next.startsWith('al') && next.length > 3) next = next.slice(2);
      else if (next === 'al' && i + 2 < words.length) {
        next = (words[i + 2] as { w: string }).w;
        i++;
      }
      arabic = arabic || (words[i + 1] as { arabic: boolean }).arabic;
      t = `abd${next}`;
      i++;
    }
    if (PARTICLES.has(t)) continue;
    if (t.length > 5 && t.startsWith('al')) t = t.slice(2);
    const latin = VARIANTS[t] ?? t;
    out.push({ latin, skeleton: skeleton(latin), arabic });
  }
  return out;
}

/**
 * Two tokens, 0..1: Jaro-Winkler on the Latin forms (for a token written in Arabic script, also on
 * the consonant skeletons at 0.97, since that script writes no short vowels), stretched so that near
 * misses count less: a pair at Jaro-Winkler 0.9 scores 0.8 (Jaro-Winkler alone rates "Sami"/"Samir" 0.96).
 */
function tokenSimilarity(a: NameToken, b: NameToken): number {
  if (a.latin === b.latin) return 1;
  let s = jaroWinkler(a.latin, b.latin);
  if ((a.arabic || b.arabic) && a.skeleton.length >= 2 && b.skeleton.length >= 2) {
    s = Math.max(s, a.skeleton === b.skeleton ? 0.97 : 0.97 * jaroWinkler(a.skeleton, b.skeleton));
  }
  return Math.max(0, 1 - 2 * (1 - s));
}

/** Order-free similarity of two tokenised names, 0..1. */
export function nameSimilarity(a: NameToken[], b: NameToken[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const used = new Array<boolean>(long.length).fill(false);
  let sum = 0;
  for (const t of short) {
    let best = 0;
    let at = -1;
    for (let i = 0; i < long.length; i++) {
      if (used[i]) continue;
      const s = tokenSimilarity(t, long[i] as NameToken);
      if (s > best) {
        best = s;
        at = i;
      }
    }
    if (at >= 0) used[at] = true;
    sum += best;
  }
  const mean = sum / short.length;
  // A one-word name meeting one word of a longer name is weak evidence; so are unmatched words.
  const coverage = short.length / long.length;
  const single = short.length === 1 ? 0.85 : 1;
  const tokenSet = mean * single * (0.8 + 0.2 * coverage);
  // The same letters split differently ("Delacroix" / "De La Croix") are the same name.
  return compact(a) === compact(b) ? Math.max(tokenSet, 0.99) : tokenSet;
}

const compact = (t: NameToken[]) => t.map((x) => x.latin).join('');

/** Keys for blocking: a pair is scored only when they share one (first two skeleton letters, or first and last). */
export function blockingKeys(tokens: NameToken[]): string[] {
  const keys = new Set<string>();
  for (const t of tokens) {
    const s = t.skeleton || t.latin;
    if (!s) continue;
    keys.add(`p${s.slice(0, 2)}`);
    keys.add(`e${s[0]}${s[s.length - 1]}`);
  }
  return [...keys];
}

/** A screened person or a list entry, ready to compare. */
export interface Prepared {
  /** Every name (the main one and the aliases) as tokens. */
  names: NameToken[][];
  /** ISO dates (YYYY-MM-DD) or years (YYYY). */
  dates: string[];
  /** ISO 3166 alpha-2 codes or country names, compared normalised. */
  nationalities: string[];
  keys: string[];
}

export function prepare(p: {
  name: string;
  aliases?: readonly string[];
  dates?: readonly string[];
  nationalities?: readonly string[];
}): Prepared {
  const names = [p.name, ...(p.aliases ?? [])].map(nameTokens).filter((t) => t.length > 0);
  return {
    names,
    dates: (p.dates ?? []).map((d) => d.trim()).filter((d) => /^\d{4}(-\d{2}-\d{2})?$/.test(d)),
    nationalities: (p.nationalities ?? []).map((n) => normaliseText(n)).filter(Boolean),
    keys: [...new Set(names.flatMap(blockingKeys))],
  };
}

export interface MatchResult {
  score: number;
  /** The best name pair's similarity before the date and nationality adjustments. */
  nameScore: number;
  reasons: string[];
}

/** Date of birth: same date +0.05, same year +0.02, years more than one apart -0.15. */
function dateAdjustment(a: string[], b: string[]): { delta: number; reason?: string } {
  if (a.length === 0 || b.length === 0) return { delta: 0 };
  if (a.some((x) => x.length === 10 && b.includes(x))) return { delta: 0.05, reason: 'date of birth matches' };
  const years = (l: string[]) => l.map((d) => Number(d.slice(0, 4)));
  const ya = years(a);
  const yb = years(b);
  if (ya.some((y) => yb.includes(y))) return { delta: 0.02, reason: 'year of birth matches' };
  if (ya.every((y) => yb.every((z) => Math.abs(y - z) > 1))) return { delta: -0.15, reason: 'date of birth differs' };
  return { delta: 0 };
}

/** Nationality: a shared one +0.03, none shared -0.05. */
function nationalityAdjustment(a: string[], b: string[]): { delta: number; reason?: string } {
  if (a.length === 0 || b.length === 0) return { delta: 0 };
  if (a.some((x) => b.includes(x))) return { delta: 0.03, reason: 'nationality matches' };
  return { delta: -0.05, reason: 'nationality differs' };
}

/** Whether two prepared records are worth scoring (they share a blocking key). */
export function mayMatch(a: Prepared, b: Prepared): boolean {
  if (a.keys.length === 0 || b.keys.length === 0) return false;
  const [small, big] = a.keys.length <= b.keys.length ? [a.keys, b.keys] : [b.keys, a.keys];
  for (const k of small) if (big.includes(k)) return true;
  return false;
}

/** The score of a subject against a list entry: the best pair of their names, adjusted by DOB and nationality. */
export function matchScore(subject: Prepared, entry: Prepared): MatchResult {
  let nameScore = 0;
  for (const a of subject.names) for (const b of entry.names) nameScore = Math.max(nameScore, nameSimilarity(a, b));
  const reasons = [`name similarity ${nameScore.toFixed(2)}`];
  const d = dateAdjustment(subject.dates, entry.dates);
  const n = nationalityAdjustment(subject.nationalities, entry.nationalities);
  if (d.reason) reasons.push(d.reason);
  if (n.reason) reasons.push(n.reason);
  const score = Math.max(0, Math.min(1, nameScore + d.delta + n.delta));
  return { score: Math.round(score * 1000) / 1000, nameScore, reasons };
}

/**
 * Finds the entries a subject matches at or above the threshold, using an index of the entries by
 * blocking key so that a person is compared with a few dozen entries, not the whole list.
 */
export class EntryIndex<T extends { prepared: Prepared }> {
  private readonly byKey = new Map<string, T[]>();
  constructor(readonly entries: readonly T[]) {
    for (const e of entries) {
      for (const k of e.prepared.keys) {
        const list = this.byKey.get(k);
        if (list) list.push(e);
        else this.byKey.set(k, [e]);
      }
    }
  }
  matches(subject: Prepared, threshold: number): { entry: T; result: MatchResult }[] {
    const seen = new Set<T>();
    const out: { entry: T; result: MatchResult }[] = [];
    for (const k of subject.keys) {
      for (const e of this.byKey.get(k) ?? []) {
        if (seen.has(e)) continue;
        seen.add(e);
        const result = matchScore(subject, e.prepared);
        if (result.score >= threshold) out.push({ entry: e, result });
      }
    }
    return out.sort((a, b) => b.result.score - a.result.score);
  }
}
