import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseList } from './lists.ts';

describe('screening list parsers', () => {
  it('reads the demo list in the UN format (invented names): individuals with aliases, dates and nationality, and entities', () => {
    const bytes = readFileSync(path.join(import.meta.dirname, '../../seed/screening-demo-un.xml'));
    const entries = parseList('un', bytes);
    // Counted by hand from the file: three individuals, one entity.
    expect(entries.map((e) => [e.ref, e.kind, e.name])).toEqual([
      ['DMi.001', 'individual', 'ZEBEDEE ORMONDE QUILLFEATHER'],
      ['DMi.002', 'individual', 'MARISKA VELLACOTT'],
      ['DMi.003', 'individual', 'THADDEUS GRIMSBANE KORVALIS'],
      ['DMe.001', 'entity', 'NORTHWIND PHANTASM TRADING CO.'],
    ]);
    expect(entries[0]).toMatchObject({
      aliases: ['زبيدي أورموند', 'Zeb Quillfeather'],
      datesOfBirth: ['1961-07-12'],
      nationalities: ['Atlantis'],
    });
    expect(entries[1]?.datesOfBirth).toEqual(['1975']);
    expect(entries[3]?.aliases).toEqual(['Phantasm Trading']);
  });

  it('reads CSV lists by their headings, English or Arabic, and day-first dates', () => {
    const csv = 'الرقم,الاسم,الجنسية,تاريخ الميلاد,Type\n12,Corvin Ashgrove,Freedonia,03/04/1970,Individual\n13,Gloam Holdings,,,Entity\n';
    const entries = parseList('uae', Buffer.from(csv));
    expect(entries.map((e) => [e.ref, e.kind, e.name, e.datesOfBirth])).toEqual([
      ['12', 'individual', 'Corvin Ashgrove', ['1970-04-03']],
      ['13', 'entity', 'Gloam Holdings', []],
    ]);
  });

  it('gives a changed entry a new fingerprint and an unchanged one the same', () => {
    const a = parseList('firm', Buffer.from('Ref,Name,Aliases\nF1,Ona Brisk,O. Brisk\n'))[0];
    const b = parseList('firm', Buffer.from('Ref,Name,Aliases\nF1,Ona Brisk,O. Brisk\n'))[0];
    const c = parseList('firm', Buffer.from('Ref,Name,Aliases\nF1,Ona Brisk,O. Brisk;Onna Brisk\n'))[0];
    expect(a?.fingerprint).toBe(b?.fingerprint);
    expect(a?.fingerprint).not.toBe(c?.fingerprint);
  });
});
