import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  FROZEN_CALL_MESSAGE,
  FROZEN_DISTRIBUTION_MESSAGE,
  FROZEN_SUBSCRIPTION_MESSAGE,
  HIT_STATUSES,
  type HitStatus,
  type InvestorScreening,
  PEP_APPROVAL_MESSAGE,
  type personInput,
  type ScreeningDiff,
  type ScreeningHit,
  type ScreeningImport,
  type ScreeningQueue,
  type ScreeningSource,
  type ScreeningStatus,
} from '../../../shared/screening.ts';
import { DEFAULT_SCREENING_THRESHOLD, EntryIndex, type Prepared, prepare } from '../../../shared/screening-match.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { enqueueEmails } from '../email/outbox.ts';
import { esc } from '../email/templates.ts';
import { getSettings } from '../settings/service.ts';
import type { ListEntry } from './lists.ts';
import {
  activeFounders,
  addRescreenHits,
  advanceRescreenCursor,
  countInvestors,
  countPersons,
  currentImports,
  deletePerson,
  entriesOf,
  frozenInvestors,
  type HitRow,
  hitById,
  hitCounts,
  type ImportRow,
  importById,
  importForRescreen,
  insertEntries,
  insertHits,
  insertImport,
  insertPerson,
  investorIdsAfter,
  investorProfile,
  investorsToScreen,
  latestHits,
  latestImportId,
  lockProfile,
  lockSourceImports,
  markConfirmed,
  markEscalated,
  markFalsePositive,
  personsOf,
  personsOfInvestors,
  previousImportId,
  recentImports,
  screeningFlags,
  setRescreen,
  updateInvestorDetails,
  updatePersonRow,
} from './repository.ts';

/**
 * Sanctions and PEP screening (issue 31 part B, decision 038): the screened people, list imports,
 * matching (screening-match.ts), the re-screen after an import, the review queue with four eyes,
 * and the one check money movements call (`screeningBlock`).
 */

/** The threshold in force: SCREENING_THRESHOLD (0.5..1) or the default. */
export function screeningThreshold(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.SCREENING_THRESHOLD);
  return Number.isFinite(v) && v >= 0.5 && v <= 1 ? v : DEFAULT_SCREENING_THRESHOLD;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** A nationality as an English country name (lists name countries; people carry ISO codes). */
export function countryName(v: string): string {
  if (/^[A-Za-z]{2}$/.test(v)) {
    try {
      return regionNames.of(v.toUpperCase()) ?? v;
    } catch {
      return v;
    }
  }
  return v;
}

// ---- who is screened ----

export interface Subject {
  investorId: string;
  personId: string | null;
  name: string;
  key: string;
  prepared: Prepared;
}

function subjectOf(row: {
  investorId: string;
  personId: string | null;
  name: string;
  aliases: string[];
  dateOfBirth: string | null;
  nationality: string | null;
}): Subject {
  const details = JSON.stringify([row.name, row.aliases, row.dateOfBirth, row.nationality]);
  return {
    investorId: row.investorId,
    personId: row.personId,
    name: row.name,
    key: `${row.personId ?? 'self'}:${createHash('sha256').update(details).digest('hex').slice(0, 16)}`,
    prepared: prepare({
      name: row.name,
      aliases: row.aliases,
      dates: row.dateOfBirth ? [row.dateOfBirth] : [],
      nationalities: row.nationality ? [countryName(row.nationality)] : [],
    }),
  };
}

/** The investors (id > after, in id order, at most limit) and their named persons, as subjects. */
export async function loadSubjects(
  q: Queryable,
  opts: { investorIds?: string[]; after?: string | null; limit?: number },
): Promise<Subject[]> {
  const people = await investorsToScreen(q, opts);
  if (people.length === 0) return [];
  const persons = await personsOfInvestors(
    q,
    people.map((p) => p.id),
  );
  return [
    ...people.map((p) =>
      subjectOf({
        investorId: p.id,
        personId: null,
        name: p.name,
        aliases: [],
        dateOfBirth: p.dateOfBirth,
        nationality: p.nationality,
      }),
    ),
    ...persons.map((p) =>
      subjectOf({
        investorId: p.investorId,
        personId: p.id,
        name: p.fullName,
        aliases: p.aliases,
        dateOfBirth: p.dateOfBirth,
        nationality: p.nationality,
      }),
    ),
  ];
}

// ---- lists ----

export interface IndexedEntry {
  source: ScreeningSource;
  ref: string;
  name: string;
  fingerprint: string;
  pep: boolean;
  prepared: Prepared;
}

function indexed(
  source: ScreeningSource,
  e: { ref: string; name: string; aliases: string[]; datesOfBirth: string[]; nationalities: string[]; fingerprint: string; pep: boolean },
): IndexedEntry {
  return {
    source,
    ref: e.ref,
    name: e.name,
    fingerprint: e.fingerprint,
    pep: e.pep,
    prepared: prepare({ name: e.name, aliases: e.aliases, dates: e.datesOfBirth, nationalities: e.nationalities.map(countryName) }),
  };
}

/** An index of every current entry, cached per set of current imports (lists change rarely). */
let cachedIndex: { key: string; index: EntryIndex<IndexedEntry> } | null = null;
async function currentIndex(q: Queryable): Promise<EntryIndex<IndexedEntry>> {
  const imports = await currentImports(q);
  const key = imports.map((i) => i.id).join(',');
  if (cachedIndex?.key === key) return cachedIndex.index;
  const all: IndexedEntry[] = [];
  for (const i of imports) for (const e of await entriesOf(q, i.id)) all.push(indexed(i.source, e));
  cachedIndex = { key, index: new EntryIndex(all) };
  return cachedIndex.index;
}

/** Stores a parsed list as a new import of its source, with its diff against the previous one. */
export async function importList(
  q: Queryable,
  input: { source: ScreeningSource; fileName: string; sha256: string; entries: ListEntry[] },
  actorId: string,
  ip: string,
): Promise<ScreeningImport> {
  // One import per source at a time: the diff is against the import before this one.
  await lockSourceImports(q, input.source);
  const previous = await latestImportId(q, input.source);
  const before = new Map((previous ? await entriesOf(q, previous) : []).map((e) => [e.ref, e.fingerprint]));
  let added = 0;
  let changed = 0;
  for (const e of input.entries) {
    const was = before.get(e.ref);
    if (was === undefined) added++;
    else if (was !== e.fingerprint) changed++;
  }
  const refs = new Set(input.entries.map((e) => e.ref));
  const removed = [...before.keys()].filter((r) => !refs.has(r)).length;
  const importId = await insertImport(q, {
    source: input.source,
    fileName: input.fileName,
    sha256: input.sha256,
    entryCount: input.entries.length,
    added,
    changed,
    removed,
    importedBy: actorId,
  });
  const es = input.entries;
  for (let i = 0; i < es.length; i += 1000) {
    const chunk = es.slice(i, i + 1000);
    await insertEntries(
      q,
      importId,
      chunk.map((e) => ({
        ref: e.ref,
        kind: e.kind,
        name: e.name,
        aliases: e.aliases,
        dobs: e.datesOfBirth,
        nats: e.nationalities,
        pep: e.pep,
        fp: e.fingerprint,
      })),
    );
  }
  await logActivity(q, {
    type: 'screening_list_imported',
    userId: actorId,
    details: { source: input.source, sha256: input.sha256, entries: input.entries.length, added, changed, removed },
    ip,
  });
  return getImport(q, importId);
}

const toImport = (r: ImportRow): ScreeningImport => ({
  id: r.id,
  source: r.source,
  fileName: r.fileName,
  sha256: r.sha256,
  entryCount: r.entryCount,
  added: r.added,
  changed: r.changed,
  removed: r.removed,
  importedAt: new Date(r.importedAt).toISOString(),
  importedByName: r.importedByName,
  rescreen: {
    status: r.rescreenStatus,
    done: r.rescreenDone,
    total: r.rescreenTotal,
    hits: r.rescreenHits,
  },
});

export async function getImport(q: Queryable, id: string): Promise<ScreeningImport> {
  const r = await importById(q, id);
  if (!r) throw notFound('List import not found');
  return toImport(r);
}

export async function listImports(q: Queryable): Promise<ScreeningImport[]> {
  return (await recentImports(q)).map(toImport);
}

export async function importDiff(q: Queryable, id: string): Promise<ScreeningDiff> {
  const imp = await getImport(q, id);
  const prev = await previousImportId(q, imp);
  const now = await entriesOf(q, id);
  const before = new Map((prev ? await entriesOf(q, prev) : []).map((e) => [e.ref, e]));
  const refs = new Set(now.map((e) => e.ref));
  const pick = (e: { ref: string; name: string }) => ({ ref: e.ref, name: e.name });
  return {
    import: imp,
    previousId: prev,
    added: now.filter((e) => !before.has(e.ref)).map(pick),
    changed: now.filter((e) => before.has(e.ref) && before.get(e.ref)?.fingerprint !== e.fingerprint).map(pick),
    removed: [...before.values()].filter((e) => !refs.has(e.ref)).map(pick),
  };
}

// ---- matching and hits ----

interface NewHit {
  subject: Subject;
  entry: IndexedEntry;
  score: number;
  reasons: string[];
}

export function findHits(subjects: Subject[], index: EntryIndex<IndexedEntry>, threshold: number): NewHit[] {
  const hits: NewHit[] = [];
  for (const s of subjects) {
    for (const m of index.matches(s.prepared, threshold))
      hits.push({ subject: s, entry: m.entry, score: m.result.score, reasons: m.result.reasons });
  }
  return hits;
}

/** The longest the re-screen matches before it lets other work in (a request waits at most about this long). */
export const RESCREEN_SLICE_MS = 20;

/**
 * findHits for the background re-screen: the same matches, in time slices of RESCREEN_SLICE_MS with
 * a yield to the event loop between them, so a batch of 500 people never holds requests up for the
 * whole batch (measured in bench item 15: 1.2 s at a time before, on the 2-core machine).
 */
export async function findHitsSliced(subjects: Subject[], index: EntryIndex<IndexedEntry>, threshold: number): Promise<NewHit[]> {
  const hits: NewHit[] = [];
  let sliceStart = performance.now();
  for (const s of subjects) {
    for (const m of index.matches(s.prepared, threshold))
      hits.push({ subject: s, entry: m.entry, score: m.result.score, reasons: m.result.reasons });
    if (performance.now() - sliceStart >= RESCREEN_SLICE_MS) {
      await new Promise((r) => setImmediate(r));
      sliceStart = performance.now();
    }
  }
  return hits;
}

/** Stores hits; one already raised for the same person, details and entry version is not raised again. */
async function storeHits(q: Queryable, hits: NewHit[]): Promise<number> {
  if (hits.length === 0) return 0;
  return insertHits(
    q,
    hits.map((h) => ({
      investor_id: h.subject.investorId,
      person_id: h.subject.personId,
      subject_key: h.subject.key,
      subject_name: h.subject.name,
      source: h.entry.source,
      entry_ref: h.entry.ref,
      entry_fingerprint: h.entry.fingerprint,
      entry_name: h.entry.name,
      entry_pep: h.entry.pep,
      score: h.score.toFixed(3),
      reasons: h.reasons,
    })),
  );
}

/** Screens one investor (and their named persons) against every current list: at sign-up and after a change. */
export async function screenInvestor(db: Db, investorId: string, threshold = screeningThreshold()): Promise<number> {
  const index = await currentIndex(db);
  if (index.entries.length === 0) return 0;
  const subjects = await loadSubjects(db, { investorIds: [investorId] });
  return db.tx((q) => storeHits(q, findHits(subjects, index, threshold)));
}

export interface RescreenProgress {
  done: number;
  total: number;
  hits: number;
}

/**
 * Re-screens everyone against the entries an import added or changed (the rest were compared
 * before). Resumable: each batch of investors commits with the cursor, so a run that stops
 * (restart, crash) continues from the last committed batch when called again; `onProgress`
 * reports after each batch (the durable job runner can record it).
 */
export async function rescreenImport(
  db: Db,
  importId: string,
  opts: {
    threshold?: number;
    batchSize?: number;
    onProgress?: (p: RescreenProgress) => void | Promise<void>;
    /** Aborted when the job is given back (shutdown, lost lease): the run stops before its next batch. */
    signal?: AbortSignal;
  } = {},
): Promise<RescreenProgress> {
  const threshold = opts.threshold ?? screeningThreshold();
  const batchSize = opts.batchSize ?? 500;
  const imp = await importForRescreen(db, importId);
  if (!imp) throw notFound('List import not found');
  const total = await countInvestors(db);
  if (imp.rescreenStatus === 'done') return { done: imp.rescreenDone, total, hits: imp.rescreenHits };
  const prev = await previousImportId(db, { id: imp.id, source: imp.source, importedAt: new Date(imp.importedAt).toISOString() });
  const before = new Map((prev ? await entriesOf(db, prev) : []).map((e) => [e.ref, e.fingerprint]));
  const fresh = (await entriesOf(db, importId)).filter((e) => before.get(e.ref) !== e.fingerprint);
  const index = new EntryIndex(fresh.map((e) => indexed(imp.source, e)));
  const progress = { done: imp.rescreenDone, total, hits: imp.rescreenHits };
  let cursor = imp.rescreenCursor;
  await setRescreen(db, importId, { rescreenStatus: 'running', rescreenTotal: total });
  while (fresh.length > 0) {
    opts.signal?.throwIfAborted();
    const ids = await investorIdsAfter(db, cursor, batchSize);
    if (ids.length === 0) break;
    const subjects = await loadSubjects(db, { investorIds: ids.map((r) => r.id) });
    const hits = await findHitsSliced(subjects, index, threshold);
    const from = cursor;
    cursor = (ids[ids.length - 1] as { id: string }).id;
    const stored = await db.tx(async (q) => {
      // The batch commits only if the cursor is still where this run read it (decision 050): a
      // worker that lost its lease while matching (paused, not dead) and wakes up after another
      // finished the batch stores nothing, so each person is screened once per list version.
      if (!(await advanceRescreenCursor(q, importId, from, cursor as string, ids.length))) throw new RescreenOvertaken();
      const n = await storeHits(q, hits);
      if (n > 0) await addRescreenHits(q, importId, n);
      return n;
    });
    progress.done += ids.length;
    progress.hits += stored;
    await opts.onProgress?.({ ...progress });
    // Let requests in between batches (PGlite has one connection; Node one thread).
    await new Promise((r) => setImmediate(r));
  }
  await setRescreen(db, importId, { rescreenStatus: 'done', rescreenDone: total, rescreenCursor: null });
  return { ...progress, done: total };
}

/** Another worker committed this batch first (its lease had expired on this one): stop, store nothing. */
export class RescreenOvertaken extends Error {
  constructor() {
    super('Another worker has taken this re-screening over');
    this.name = 'RescreenOvertaken';
  }
}

// ---- the review queue ----

const toHit = (r: HitRow): ScreeningHit => ({
  id: r.id,
  investorId: r.investorId,
  investorName: r.investorName,
  subjectName: r.subjectName,
  relation: r.relation ?? 'investor',
  source: r.source,
  entryRef: r.entryRef,
  entryName: r.entryName,
  entryPep: r.entryPep,
  score: String(r.score),
  reasons: r.reasons,
  status: r.status,
  clearedReason: r.clearedReason,
  escalationNote: r.escalationNote,
  escalatedBy: r.escalatedBy,
  escalatedByName: r.escalatedByName,
  decidedByName: r.decidedByName,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function getHit(q: Queryable, id: string): Promise<ScreeningHit> {
  const r = await hitById(q, id);
  if (!r) throw notFound('Screening hit not found');
  return toHit(r);
}

export async function hitQueue(q: Queryable, status?: HitStatus): Promise<ScreeningQueue> {
  const counts = Object.fromEntries(HIT_STATUSES.map((s) => [s, 0])) as Record<HitStatus, number>;
  for (const c of await hitCounts(q)) counts[c.status] = c.n;
  return { hits: (await latestHits(q, status)).map(toHit), counts };
}

/**
 * One decision on a hit (clear, escalate): the conditional UPDATE changes the row only from the
 * states it allows, so parallel decisions give one; the others get `refusal` (404 when no such hit).
 * The decision is logged against the investor.
 */
async function decideHit(
  q: Queryable,
  id: string,
  update: (q: Queryable) => Promise<{ investorId: string } | undefined>,
  refusal: { message: string; code: string },
  log: { type: 'screening_hit_cleared' | 'screening_hit_escalated'; actorId: string; ip: string; details: Record<string, unknown> },
): Promise<ScreeningHit> {
  const row = await update(q);
  if (!row) {
    await getHit(q, id);
    throw conflict(refusal.message, refusal.code);
  }
  await logActivity(q, {
    type: log.type,
    userId: log.actorId,
    targetUserId: row.investorId,
    details: { hitId: id, ...log.details },
    ip: log.ip,
  });
  return getHit(q, id);
}

export async function clearHit(q: Queryable, id: string, reason: string, actorId: string, ip: string): Promise<ScreeningHit> {
  return decideHit(
    q,
    id,
    (q) => markFalsePositive(q, id, reason, actorId),
    { message: 'This hit has already been decided', code: 'HIT_DECIDED' },
    { type: 'screening_hit_cleared', actorId, ip, details: { reason } },
  );
}

export async function escalateHit(q: Queryable, id: string, note: string | null, actorId: string, ip: string): Promise<ScreeningHit> {
  return decideHit(
    q,
    id,
    (q) => markEscalated(q, id, note, actorId),
    { message: 'Only an open hit can be escalated', code: 'HIT_NOT_OPEN' },
    { type: 'screening_hit_escalated', actorId, ip, details: { note } },
  );
}

/**
 * Confirms an escalated hit: a second admin (four eyes), once. The conditional UPDATE takes the
 * row lock, so of parallel confirmations exactly one changes the row; the others see it decided.
 * A sanctions match freezes the investor; a PEP-list match makes them a PEP. Either alerts the
 * compliance contacts by e-mail in the same transaction.
 */
export async function confirmHit(q: Queryable, id: string, note: string | null, actorId: string, ip: string): Promise<ScreeningHit> {
  const row = await markConfirmed(q, id, note, actorId);
  if (!row) {
    const hit = await getHit(q, id);
    if (hit.status === 'escalated' && hit.escalatedBy === actorId)
      throw conflict('A second admin must confirm this match: you escalated it.', 'FOUR_EYES');
    if (hit.status !== 'escalated') throw conflict('Only an escalated hit can be confirmed', 'HIT_NOT_ESCALATED');
    throw conflict('This hit has already been decided', 'HIT_DECIDED');
  }
  await logActivity(q, {
    type: 'screening_hit_confirmed',
    userId: actorId,
    targetUserId: row.investorId,
    details: { hitId: id, note },
    ip,
  });
  const hit = await getHit(q, id);
  await alertCompliance(q, hit);
  return hit;
}

/** E-mails the compliance contacts (the Company profile's compliance e-mail and every active founder). */
async function alertCompliance(q: Queryable, hit: ScreeningHit): Promise<void> {
  const settings = await getSettings(q);
  const founders = await activeFounders(q);
  const to = new Map<string, string | null>(founders.map((f) => [f.email.toLowerCase(), f.id]));
  if (settings.complianceContactEmail && !to.has(settings.complianceContactEmail.toLowerCase()))
    to.set(settings.complianceContactEmail.toLowerCase(), null);
  const what = hit.entryPep ? 'a politically exposed person' : 'a sanctions list entry';
  const effect = hit.entryPep
    ? 'Subscriptions now need enhanced due diligence and a founder approval.'
    : 'Subscriptions, capital calls and distributions for this investor are frozen.';
  const subject = `Screening match confirmed: ${hit.investorName}`;
  const lines = [
    `A screening match was confirmed by a second admin for ${hit.investorName} (${hit.subjectName}).`,
    `List: ${hit.source.toUpperCase()}, entry ${hit.entryRef}, ${hit.entryName}, score ${hit.score}; the entry is ${what}.`,
    effect,
  ];
  await enqueueEmails(
    q,
    [...to].map(([email, userId]) => ({
      kind: 'screening_match_confirmed',
      to: email,
      userId,
      subject,
      text: lines.join('\n\n'),
      html: lines.map((l) => `<p>${esc(l)}</p>`).join(''),
    })),
  );
}

// ---- status and the money check ----

export async function screeningStatus(q: Queryable, investorId: string): Promise<ScreeningStatus> {
  const r = await screeningFlags(q, investorId);
  if (!r) return { frozen: false, pep: false, pepApproved: false, openHits: 0 };
  return {
    frozen: r.frozen,
    pep: r.pepDeclared || r.personsPep || r.pepMatch,
    pepApproved: r.approved,
    openHits: r.openHits,
  };
}

/**
 * The one screening check of money movements (issue 31): a confirmed sanctions match freezes
 * subscriptions, capital calls and distributions (409 with the purpose's message); a PEP without
 * a founder's approval of their enhanced due diligence may not subscribe. Pass every investor the
 * movement touches.
 */
export async function screeningBlock(
  q: Queryable,
  investorIds: string | string[],
  purpose: 'subscription' | 'call' | 'distribution',
): Promise<void> {
  const ids = [investorIds].flat();
  if (ids.length === 0) return;
  const [reason] = await screeningReasons(q, ids, purpose);
  if (reason) throw conflict(reason.message, reason.code);
}

/**
 * What screening says against a money movement, as the onboarding gate's reasons (so the
 * subscribe form can say it before anything is typed): a confirmed match freezes every movement
 * (SCREENING_FROZEN); a PEP without a founder's approval may not subscribe (PEP_APPROVAL_REQUIRED).
 */
export async function screeningReasons(
  q: Queryable,
  investorIds: string | string[],
  purpose: 'subscription' | 'call' | 'distribution' = 'subscription',
): Promise<{ code: string; message: string }[]> {
  const ids = [investorIds].flat();
  if (ids.length === 0) return [];
  const frozen = await frozenInvestors(q, ids);
  if (frozen.length > 0) {
    const message =
      purpose === 'subscription' ? FROZEN_SUBSCRIPTION_MESSAGE : purpose === 'call' ? FROZEN_CALL_MESSAGE : FROZEN_DISTRIBUTION_MESSAGE;
    return [{ code: 'SCREENING_FROZEN', message }];
  }
  if (purpose === 'subscription') {
    for (const id of ids) {
      const s = await screeningStatus(q, id);
      if (s.pep && !s.pepApproved) return [{ code: 'PEP_APPROVAL_REQUIRED', message: PEP_APPROVAL_MESSAGE }];
    }
  }
  return [];
}

// ---- the screened people of an investor ----

export async function investorScreening(q: Queryable, investorId: string): Promise<InvestorScreening> {
  const p = await investorProfile(q, investorId);
  if (!p) throw notFound('Investor not found');
  const persons = await personsOf(q, investorId);
  return {
    investorId: p.id,
    name: p.name,
    investorUserType: p.investorUserType,
    dateOfBirth: p.dateOfBirth,
    nationality: p.nationality,
    pepDeclared: p.pepDeclared,
    persons: persons.map((x) => ({
      id: x.id,
      relation: x.relation,
      fullName: x.fullName,
      aliases: x.aliases,
      dateOfBirth: x.dateOfBirth,
      nationality: x.nationality,
      pepDeclared: x.pepDeclared,
    })),
    status: await screeningStatus(q, investorId),
  };
}

export const MAX_PERSONS = 20;

const personFields = (input: z.output<typeof personInput>) => ({
  relation: input.relation,
  fullName: input.fullName,
  aliases: input.aliases,
  dateOfBirth: input.dateOfBirth,
  nationality: input.nationality,
  pepDeclared: input.pepDeclared,
});

export async function addPerson(q: Queryable, investorId: string, input: z.output<typeof personInput>): Promise<void> {
  await lockProfile(q, investorId);
  if ((await countPersons(q, investorId)) >= MAX_PERSONS) throw conflict(`At most ${MAX_PERSONS} people can be named`, 'TOO_MANY_PERSONS');
  await insertPerson(q, investorId, personFields(input));
}

export async function updatePerson(q: Queryable, investorId: string, personId: string, input: z.output<typeof personInput>): Promise<void> {
  if (!(await updatePersonRow(q, investorId, personId, personFields(input)))) throw notFound('Person not found');
}

export async function removePerson(q: Queryable, investorId: string, personId: string): Promise<void> {
  if (!(await deletePerson(q, investorId, personId))) throw notFound('Person not found');
}

export async function updateOwnDetails(
  q: Queryable,
  investorId: string,
  input: { dateOfBirth: string | null; nationality: string | null; pepDeclared: boolean },
): Promise<void> {
  await updateInvestorDetails(q, investorId, input);
}
