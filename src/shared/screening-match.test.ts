import { describe, expect, it } from 'vitest';
import { DEFAULT_SCREENING_THRESHOLD, EntryIndex, matchScore, mayMatch, nameTokens, normaliseText, prepare } from './screening-match.ts';

/**
 * The screening corpus (decision 038): pairs of (subject, list entry) labelled by hand as the same
 * person (true) or not (false). Invented names only. The expected labels come from the person who
 * wrote the pair, never from the matcher; the test prints precision and recall and holds them
 * above a floor, and lists the misses so a change of method shows which pairs it moved.
 */
interface Side {
  name: string;
  aliases?: string[];
  dates?: string[];
  nationalities?: string[];
}
const CORPUS: { a: Side; b: Side; same: boolean; note: string }[] = [
  // True matches, Latin script
  { a: { name: 'Mohammed Hassan Al-Rashid' }, b: { name: 'Muhammad Hasan Rashid' }, same: true, note: 'transliteration + article' },
  { a: { name: 'Rashid, Muhammad Hasan' }, b: { name: 'Muhammad Hasan Rashid' }, same: true, note: 'word order + punctuation' },
  { a: { name: 'Youssef Ibrahim Khalil' }, b: { name: 'Yusuf Ebrahim Khalil' }, same: true, note: 'variants' },
  { a: { name: 'José Álvarez Muñoz' }, b: { name: 'JOSE ALVAREZ MUNOZ' }, same: true, note: 'diacritics + case' },
  { a: { name: 'Omar Abdel Karim' }, b: { name: 'Umar Abdul Kareem' }, same: true, note: 'variants + vowel' },
  { a: { name: 'Hussein Saeed Mansour' }, b: { name: 'Husain Said Mansur' }, same: true, note: 'vowel spellings' },
  { a: { name: 'Viktor Petrovich Orlovsky' }, b: { name: 'Victor Petrovich Orlovskiy' }, same: true, note: 'Slavic transliteration' },
  { a: { name: 'Jean-Pierre Delacroix' }, b: { name: 'Jean Pierre De La Croix' }, same: true, note: 'hyphen and particle split' },
  {
    a: { name: 'Khaled Mahmoud Nasser', dates: ['1971-03-04'] },
    b: { name: 'Khalid Mahmud Nasir', dates: ['1971-03-04'] },
    same: true,
    note: 'variants, same DOB',
  },
  {
    a: { name: 'Tariq Aziz Fadel', nationalities: ['iq'] },
    b: { name: 'Tareq Aziz Fadil', nationalities: ['iq'] },
    same: true,
    note: 'vowels, same nationality',
  },
  { a: { name: 'Ahmed Zayed Qasim' }, b: { name: 'Ahmad Zaid Kassem' }, same: true, note: 'q/k and doubled letters' },
  { a: { name: 'Bongani Ndlovu Mthembu' }, b: { name: 'Bongani Mthembu Ndlovu' }, same: true, note: 'word order' },
  { a: { name: 'Sarah Jane O’Connor' }, b: { name: 'Sarah Jane OConnor' }, same: true, note: 'apostrophe' },
  // True matches, Arabic script against Latin
  { a: { name: 'محمد حسن الراشد' }, b: { name: 'Mohammed Hassan Al-Rashid' }, same: true, note: 'Arabic script' },
  { a: { name: 'يوسف ابراهيم خليل' }, b: { name: 'Youssef Ibrahim Khalil' }, same: true, note: 'Arabic script' },
  { a: { name: 'عمر عبد الكريم' }, b: { name: 'Omar Abdel Karim' }, same: true, note: 'Arabic script, split abd' },
  { a: { name: 'خالد محمود ناصر' }, b: { name: 'Khaled Mahmoud Nasser' }, same: true, note: 'Arabic script' },
  { a: { name: 'Tariq Fadel', aliases: ['طارق فاضل'] }, b: { name: 'طارق فاضل' }, same: true, note: 'alias in Arabic' },
  { a: { name: 'سعيد منصور' }, b: { name: 'Saeed Mansour' }, same: true, note: 'Arabic script' },
  // False matches: similar-looking but different people
  { a: { name: 'Mohammed Hassan Al-Rashid' }, b: { name: 'Mohammed Hassan Al-Farsi' }, same: false, note: 'shared given names' },
  { a: { name: 'John Smith' }, b: { name: 'Jane Smythe' }, same: false, note: 'different given name' },
  { a: { name: 'Ali Reza Karimi' }, b: { name: 'Alia Rizk Karam' }, same: false, note: 'near letters' },
  {
    a: { name: 'Khaled Mahmoud Nasser', dates: ['1990-01-01'] },
    b: { name: 'Khalid Mahmud Nasir', dates: ['1961-07-12'] },
    same: false,
    note: 'same name, DOB 29 years apart',
  },
  { a: { name: 'Yusuf Khalil' }, b: { name: 'Yusuf Khalifa Haddad' }, same: false, note: 'shared given name' },
  { a: { name: 'Peter Müller' }, b: { name: 'Petra Miller' }, same: false, note: 'similar letters' },
  { a: { name: 'Fatima Noor Siddiqui' }, b: { name: 'Fatima Nour Saddiq Bakr' }, same: false, note: 'partial overlap' },
  { a: { name: 'محمد علي' }, b: { name: 'Mohammed Salem Al-Amri' }, same: false, note: 'Arabic, one shared token' },
  { a: { name: 'Sami Haddad' }, b: { name: 'Samir Hadid' }, same: false, note: 'near letters' },
  { a: { name: 'Lina Petrova' }, b: { name: 'Nina Petrovic' }, same: false, note: 'near letters' },
  {
    a: { name: 'Hassan Omar', nationalities: ['ae'] },
    b: { name: 'Hassan Omari', nationalities: ['so'] },
    same: false,
    note: 'other nationality',
  },
  { a: { name: 'Aisha Rahman' }, b: { name: 'Anisha Raman' }, same: false, note: 'near letters' },
  { a: { name: 'Greenfield Capital Partners' }, b: { name: 'Greenland Capital Holdings' }, same: false, note: 'entities' },
  { a: { name: 'عبد الله سالم' }, b: { name: 'Abdullah Salim Bakri' }, same: true, note: 'Arabic, subset of a longer name' },
];

describe('screening match', () => {
  it('normalises case, diacritics, punctuation and Arabic script', () => {
    expect(normaliseText('  José  ÁLVAREZ-Muñoz, Jr. ')).toBe('jose alvarez munoz jr');
    expect(normaliseText('محمد')).toBe('mhmd');
    // "محمد" meets both Latin spellings through the consonant skeleton.
    const arabic = nameTokens('محمد')[0];
    expect(arabic?.skeleton).toBe('mhmd');
    expect(nameTokens('Mohammed')[0]?.skeleton).toBe('mhmd');
    expect(nameTokens('Muhammad')[0]?.skeleton).toBe('mhmd');
    expect(nameTokens('Al-Rashid, Muhammad').map((t) => t.latin)).toEqual(['rashid', 'muhammad']);
  });

  it('word order does not change the score', () => {
    const a = prepare({ name: 'Hasan Muhammad Rashid' });
    const b = prepare({ name: 'Rashid Hasan Muhammad' });
    expect(matchScore(a, b).score).toBe(matchScore(b, a).score);
    expect(matchScore(a, b).nameScore).toBe(1);
  });

  it('date of birth and nationality raise or lower the score', () => {
    const base = matchScore(prepare({ name: 'Khalid Nasir' }), prepare({ name: 'Khaled Naser' })).score;
    const sameDob = matchScore(
      prepare({ name: 'Khalid Nasir', dates: ['1970-01-02'] }),
      prepare({ name: 'Khaled Naser', dates: ['1970-01-02'] }),
    ).score;
    const otherDob = matchScore(
      prepare({ name: 'Khalid Nasir', dates: ['1990'] }),
      prepare({ name: 'Khaled Naser', dates: ['1970'] }),
    ).score;
    const sameNat = matchScore(
      prepare({ name: 'Khalid Nasir', nationalities: ['SY'] }),
      prepare({ name: 'Khaled Naser', nationalities: ['sy'] }),
    ).score;
    const otherNat = matchScore(
      prepare({ name: 'Khalid Nasir', nationalities: ['SY'] }),
      prepare({ name: 'Khaled Naser', nationalities: ['FR'] }),
    ).score;
    expect(sameDob).toBeGreaterThan(base);
    expect(otherDob).toBeLessThan(base);
    expect(sameNat).toBeGreaterThan(base);
    expect(otherNat).toBeLessThan(base);
  });

  it('the corpus: precision and recall at the default threshold', () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let tn = 0;
    const misses: string[] = [];
    for (const c of CORPUS) {
      const a = prepare(c.a);
      const b = prepare(c.b);
      // The blocking index must not hide a pair the full score would catch.
      const blocked = !mayMatch(a, b);
      const r = matchScore(a, b);
      const hit = !blocked && r.score >= DEFAULT_SCREENING_THRESHOLD;
      if (hit && c.same) tp++;
      else if (hit) {
        fp++;
        misses.push(`false positive ${r.score}: ${c.a.name} ~ ${c.b.name} (${c.note})`);
      } else if (c.same) {
        fn++;
        misses.push(`missed ${r.score}${blocked ? ' (blocked)' : ''}: ${c.a.name} ~ ${c.b.name} (${c.note})`);
      } else tn++;
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(
      `screening corpus: ${CORPUS.length} pairs, threshold ${DEFAULT_SCREENING_THRESHOLD}: TP ${tp} FP ${fp} FN ${fn} TN ${tn}; ` +
        `precision ${(precision * 100).toFixed(1)}%, recall ${(recall * 100).toFixed(1)}%` +
        (misses.length ? `\n  ${misses.join('\n  ')}` : ''),
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.85);
  });

  it('the index finds what a full comparison finds', () => {
    const entries = CORPUS.map((c, i) => ({ id: i, prepared: prepare(c.b) }));
    const index = new EntryIndex(entries);
    for (const c of CORPUS) {
      const subject = prepare(c.a);
      const viaIndex = index.matches(subject, DEFAULT_SCREENING_THRESHOLD).map((m) => m.entry.id);
      const full = entries.filter(
        (e) => mayMatch(subject, e.prepared) && matchScore(subject, e.prepared).score >= DEFAULT_SCREENING_THRESHOLD,
      );
      expect(viaIndex.sort()).toEqual(full.map((e) => e.id).sort());
    }
  });
});
