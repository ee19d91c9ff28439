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
  type PersonRelation,
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
import { sql } from '../../db/sql.ts';
import { typed } from '../../db/typed.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { enqueueEmails } from '../email/outbox.ts';
import { esc } from '../email/templates.ts';
import { getSettings } from '../settings/service.ts';
import type { ListEntry } from './lists.ts';

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
  let investors = typed(q)
    .selectFrom('profiles')
    .select(['id', 'name', 'dateOfBirth', 'nationality'])
    .where('role', '=', 'investor')
    .orderBy('id');
  if (opts.investorIds)
    investors = investors.where('id', 'in', opts.investorIds.length ? opts.investorIds : ['00000000-0000-0000-0000-000000000000']);
  if (opts.after) investors = investors.where('id', '>', opts.after);
  if (opts.limit) investors = investors.limit(opts.limit);
  const people = await investors.execute();
  if (people.length === 0) return [];
  const persons = await typed(q)
    .selectFrom('screened_persons')
    .select(['id', 'investorId', 'fullName', 'aliases', 'dateOfBirth', 'nationality'])
    .where(
      'investorId',
      'in',
      people.map((p) => p.id),
    )
    .execute();
  const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
  return [
    ...people.map((p) =>
      subjectOf({
        investorId: p.id,
        personId: null,
        name: p.name,
        aliases: [],
        dateOfBirth: iso(p.dateOfBirth),
        nationality: p.nationality,
      }),
    ),
    ...persons.map((p) =>
      subjectOf({
        investorId: p.investorId,
        personId: p.id,
        name: p.fullName,
        aliases: p.aliases,
        dateOfBirth: iso(p.dateOfBirth),
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

async function entriesOf(q: Queryable, importId: string) {
  return typed(q)
    .selectFrom('screening_entries')
    .select(['ref', 'name', 'aliases', 'datesOfBirth', 'nationalities', 'fingerprint', 'pep'])
    .where('importId', '=', importId)
    .execute();
}

/** The latest import of each source. */
async function currentImports(q: Queryable): Promise<{ id: string; source: ScreeningSource }[]> {
  return (await sql<{ id: string; source: ScreeningSource }>(
    `SELECT DISTINCT ON (source) id, source FROM screening_imports ORDER BY source, imported_at DESC, id DESC`,
  ).all(q)) as { id: string; source: ScreeningSource }[];
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
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`screening-import:${input.source}`]);
  const previous = await typed(q)
    .selectFrom('screening_imports')
    .select('id')
    .where('source', '=', input.source)
    .orderBy('importedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const before = new Map((previous ? await entriesOf(q, previous.id) : []).map((e) => [e.ref, e.fingerprint]));
  let added = 0;
  let changed = 0;
  for (const e of input.entries) {
    const was = before.get(e.ref);
    if (was === undefined) added++;
    else if (was !== e.fingerprint) changed++;
  }
  const refs = new Set(input.entries.map((e) => e.ref));
  const removed = [...before.keys()].filter((r) => !refs.has(r)).length;
  const row = await typed(q)
    .insertInto('screening_imports')
    .values({
      source: input.source,
      fileName: input.fileName,
      sha256: input.sha256,
      entryCount: input.entries.length,
      added,
      changed,
      removed,
      importedBy: actorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const es = input.entries;
  for (let i = 0; i < es.length; i += 1000) {
    const chunk = es.slice(i, i + 1000);
    await q.query(
      `INSERT INTO screening_entries (import_id, ref, kind, name, aliases, dates_of_birth, nationalities, pep, fingerprint)
       SELECT $1, r.ref, r.kind, r.name, ARRAY(SELECT jsonb_array_elements_text(r.aliases)), ARRAY(SELECT jsonb_array_elements_text(r.dobs)),
              ARRAY(SELECT jsonb_array_elements_text(r.nats)), r.pep, r.fp
         FROM jsonb_to_recordset($2::jsonb) AS r(ref text, kind text, name text, aliases jsonb, dobs jsonb, nats jsonb, pep boolean, fp text)`,
      [
        row.id,
        JSON.stringify(
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
        ),
      ],
    );
  }
  await logActivity(q, {
    type: 'screening_list_imported',
    userId: actorId,
    details: { source: input.source, sha256: input.sha256, entries: input.entries.length, added, changed, removed },
    ip,
  });
  return getImport(q, row.id);
}

const importRows = (q: Queryable) =>
  typed(q)
    .selectFrom('screening_imports as i')
    .leftJoin('profiles as p', 'p.id', 'i.importedBy')
    .select([
      'i.id',
      'i.source',
      'i.fileName',
      'i.sha256',
      'i.entryCount',
      'i.added',
      'i.changed',
      'i.removed',
      'i.importedAt',
      'p.name as importedByName',
      'i.rescreenStatus',
      'i.rescreenDone',
      'i.rescreenTotal',
      'i.rescreenHits',
    ]);
type ImportRow = Awaited<ReturnType<ReturnType<typeof importRows>['executeTakeFirstOrThrow']>>;
const toImport = (r: ImportRow): ScreeningImport => ({
  id: r.id,
  source: r.source as ScreeningSource,
  fileName: r.fileName,
  sha256: r.sha256,
  entryCount: r.entryCount,
  added: r.added,
  changed: r.changed,
  removed: r.removed,
  importedAt: new Date(r.importedAt).toISOString(),
  importedByName: r.importedByName,
  rescreen: {
    status: r.rescreenStatus as 'pending' | 'running' | 'done',
    done: r.rescreenDone,
    total: r.rescreenTotal,
    hits: r.rescreenHits,
  },
});

export async function getImport(q: Queryable, id: string): Promise<ScreeningImport> {
  const r = await importRows(q).where('i.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('List import not found');
  return toImport(r);
}

export async function listImports(q: Queryable): Promise<ScreeningImport[]> {
  return (await importRows(q).orderBy('i.importedAt', 'desc').orderBy('i.id', 'desc').limit(200).execute()).map(toImport);
}

async function previousImportId(q: Queryable, imp: { id: string; source: string; importedAt: string }): Promise<string | null> {
  const r = await sql<{ id: string }>(
    `SELECT id FROM screening_imports WHERE source = $1 AND (imported_at, id) < ($2::timestamptz, $3::uuid) ORDER BY imported_at DESC, id DESC LIMIT 1`,
  ).first(q, [imp.source, imp.importedAt, imp.id]);
  return r?.id ?? null;
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
  const rows = await sql<{ id: string }>(
    `INSERT INTO screening_hits (investor_id, person_id, subject_key, subject_name, source, entry_ref, entry_fingerprint, entry_name, entry_pep, score, reasons)
     SELECT r.investor_id, r.person_id, r.subject_key, r.subject_name, r.source, r.entry_ref, r.entry_fingerprint, r.entry_name, r.entry_pep, r.score,
            ARRAY(SELECT jsonb_array_elements_text(r.reasons))
       FROM jsonb_to_recordset($1::jsonb) AS r(investor_id uuid, person_id uuid, subject_key text, subject_name text, source text, entry_ref text,
                                              entry_fingerprint text, entry_name text, entry_pep boolean, score numeric, reasons jsonb)
     ON CONFLICT (investor_id, subject_key, source, entry_ref, entry_fingerprint) DO NOTHING
     RETURNING id`,
  ).all(q, [
    JSON.stringify(
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
    ),
  ]);
  return rows.length;
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
  const imp = await typed(db)
    .selectFrom('screening_imports')
    .select(['id', 'source', 'importedAt', 'rescreenStatus', 'rescreenCursor', 'rescreenDone', 'rescreenHits'])
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!imp) throw notFound('List import not found');
  const total = Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM profiles WHERE role = 'investor'`).first(db))?.n ?? 0);
  if (imp.rescreenStatus === 'done') return { done: imp.rescreenDone, total, hits: imp.rescreenHits };
  const prev = await previousImportId(db, { id: imp.id, source: imp.source, importedAt: new Date(imp.importedAt).toISOString() });
  const before = new Map((prev ? await entriesOf(db, prev) : []).map((e) => [e.ref, e.fingerprint]));
  const fresh = (await entriesOf(db, importId)).filter((e) => before.get(e.ref) !== e.fingerprint);
  const index = new EntryIndex(fresh.map((e) => indexed(imp.source as ScreeningSource, e)));
  const progress = { done: imp.rescreenDone, total, hits: imp.rescreenHits };
  let cursor = imp.rescreenCursor;
  await db.query(`UPDATE screening_imports SET rescreen_status = 'running', rescreen_total = $2 WHERE id = $1`, [importId, total]);
  while (fresh.length > 0) {
    opts.signal?.throwIfAborted();
    const ids = await typed(db)
      .selectFrom('profiles')
      .select('id')
      .where('role', '=', 'investor')
      .$if(cursor !== null, (b) => b.where('id', '>', cursor as string))
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (ids.length === 0) break;
    const subjects = await loadSubjects(db, { investorIds: ids.map((r) => r.id) });
    const hits = await findHitsSliced(subjects, index, threshold);
    const from = cursor;
    cursor = (ids[ids.length - 1] as { id: string }).id;
    const stored = await db.tx(async (q) => {
      // The batch commits only if the cursor is still where this run read it (decision 050): a
      // worker that lost its lease while matching (paused, not dead) and wakes up after another
      // finished the batch stores nothing, so each person is screened once per list version.
      const moved = await q.query(
        `UPDATE screening_imports SET rescreen_cursor = $2, rescreen_done = rescreen_done + $3
           WHERE id = $1 AND rescreen_cursor IS NOT DISTINCT FROM $4 AND rescreen_status <> 'done' RETURNING id`,
        [importId, cursor, ids.length, from],
      );
      if (moved.length !== 1) throw new RescreenOvertaken();
      const n = await storeHits(q, hits);
      if (n > 0) await q.query(`UPDATE screening_imports SET rescreen_hits = rescreen_hits + $2 WHERE id = $1`, [importId, n]);
      return n;
    });
    progress.done += ids.length;
    progress.hits += stored;
    await opts.onProgress?.({ ...progress });
    // Let requests in between batches (PGlite has one connection; Node one thread).
    await new Promise((r) => setImmediate(r));
  }
  await db.query(`UPDATE screening_imports SET rescreen_status = 'done', rescreen_done = $2, rescreen_cursor = NULL WHERE id = $1`, [
    importId,
    total,
  ]);
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

const hitRows = (q: Queryable) =>
  typed(q)
    .selectFrom('screening_hits as h')
    .innerJoin('profiles as i', 'i.id', 'h.investorId')
    .leftJoin('screened_persons as sp', 'sp.id', 'h.personId')
    .leftJoin('profiles as e', 'e.id', 'h.escalatedBy')
    .leftJoin('profiles as d', 'd.id', 'h.decidedBy')
    .select([
      'h.id',
      'h.investorId',
      'i.name as investorName',
      'h.subjectName',
      'sp.relation',
      'h.source',
      'h.entryRef',
      'h.entryName',
      'h.entryPep',
      'h.score',
      'h.reasons',
      'h.status',
      'h.clearedReason',
      'h.escalationNote',
      'h.escalatedBy',
      'e.name as escalatedByName',
      'd.name as decidedByName',
      'h.createdAt',
    ]);
type HitRow = Awaited<ReturnType<ReturnType<typeof hitRows>['executeTakeFirstOrThrow']>>;
const toHit = (r: HitRow): ScreeningHit => ({
  id: r.id,
  investorId: r.investorId,
  investorName: r.investorName,
  subjectName: r.subjectName,
  relation: (r.relation as PersonRelation | null) ?? 'investor',
  source: r.source as ScreeningSource,
  entryRef: r.entryRef,
  entryName: r.entryName,
  entryPep: r.entryPep,
  score: String(r.score),
  reasons: r.reasons,
  status: r.status as HitStatus,
  clearedReason: r.clearedReason,
  escalationNote: r.escalationNote,
  escalatedBy: r.escalatedBy,
  escalatedByName: r.escalatedByName,
  decidedByName: r.decidedByName,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function getHit(q: Queryable, id: string): Promise<ScreeningHit> {
  const r = await hitRows(q).where('h.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Screening hit not found');
  return toHit(r);
}

export async function hitQueue(q: Queryable, status?: HitStatus): Promise<ScreeningQueue> {
  let rows = hitRows(q).orderBy('h.createdAt', 'desc').orderBy('h.id').limit(500);
  if (status) rows = rows.where('h.status', '=', status);
  const counts = Object.fromEntries(HIT_STATUSES.map((s) => [s, 0])) as Record<HitStatus, number>;
  for (const c of await sql<{ status: HitStatus; n: string }>('SELECT status, count(*) AS n FROM screening_hits GROUP BY status').all(q)) {
    counts[c.status] = Number(c.n);
  }
  return { hits: (await rows.execute()).map(toHit), counts };
}

/**
 * One decision on a hit (clear, escalate): the conditional UPDATE changes the row only from the
 * states it allows, so parallel decisions give one; the others get `refusal` (404 when no such hit).
 * The decision is logged against the investor.
 */
async function decideHit(
  q: Queryable,
  id: string,
  update: string,
  params: unknown[],
  refusal: { message: string; code: string },
  log: { type: 'screening_hit_cleared' | 'screening_hit_escalated'; actorId: string; ip: string; details: Record<string, unknown> },
): Promise<ScreeningHit> {
  const row = await sql<{ id: string; investor_id: string }>(update).first(q, [id, ...params]);
  if (!row) {
    await getHit(q, id);
    throw conflict(refusal.message, refusal.code);
  }
  await logActivity(q, {
    type: log.type,
    userId: log.actorId,
    targetUserId: row.investor_id,
    details: { hitId: id, ...log.details },
    ip: log.ip,
  });
  return getHit(q, id);
}

export async function clearHit(q: Queryable, id: string, reason: string, actorId: string, ip: string): Promise<ScreeningHit> {
  return decideHit(
    q,
    id,
    `UPDATE screening_hits SET status = 'false_positive', cleared_reason = $2, decided_by = $3, decided_at = now()
      WHERE id = $1 AND status IN ('open', 'escalated') RETURNING id, investor_id`,
    [reason, actorId],
    { message: 'This hit has already been decided', code: 'HIT_DECIDED' },
    { type: 'screening_hit_cleared', actorId, ip, details: { reason } },
  );
}

export async function escalateHit(q: Queryable, id: string, note: string | null, actorId: string, ip: string): Promise<ScreeningHit> {
  return decideHit(
    q,
    id,
    `UPDATE screening_hits SET status = 'escalated', escalation_note = $2, escalated_by = $3, escalated_at = now()
      WHERE id = $1 AND status = 'open' RETURNING id, investor_id`,
    [note, actorId],
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
  const row = await sql<{ id: string; investor_id: string }>(
    `UPDATE screening_hits SET status = 'confirmed', decided_by = $3, decided_at = now(),
            escalation_note = coalesce(escalation_note, '') || CASE WHEN $2::text IS NULL THEN '' ELSE E'\\n' || $2::text END
      WHERE id = $1 AND status = 'escalated' AND escalated_by IS DISTINCT FROM $3 RETURNING id, investor_id`,
  ).first(q, [id, note, actorId]);
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
    targetUserId: row.investor_id,
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
  const founders = await sql<{ id: string; email: string }>(
    `SELECT id, email FROM profiles WHERE role = 'admin' AND admin_user_type = 'founder' AND status = 'active' ORDER BY email`,
  ).all(q);
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
  const r = await sql<{
    frozen: boolean;
    pep_match: boolean;
    open_hits: string;
    pep_declared: boolean;
    persons_pep: boolean;
    approved: boolean;
  }>(
    `SELECT EXISTS (SELECT 1 FROM screening_hits h WHERE h.investor_id = p.id AND h.status = 'confirmed' AND NOT h.entry_pep) AS frozen,
            EXISTS (SELECT 1 FROM screening_hits h WHERE h.investor_id = p.id AND h.status = 'confirmed' AND h.entry_pep) AS pep_match,
            (SELECT count(*) FROM screening_hits h WHERE h.investor_id = p.id AND h.status IN ('open', 'escalated')) AS open_hits,
            p.pep_declared,
            EXISTS (SELECT 1 FROM screened_persons sp WHERE sp.investor_id = p.id AND sp.pep_declared) AS persons_pep,
            p.pep_approved_at IS NOT NULL AS approved
       FROM profiles p WHERE p.id = $1`,
  ).first(q, [investorId]);
  if (!r) return { frozen: false, pep: false, pepApproved: false, openHits: 0 };
  return {
    frozen: r.frozen,
    pep: r.pep_declared || r.persons_pep || r.pep_match,
    pepApproved: r.approved,
    openHits: Number(r.open_hits),
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
  const frozen = await sql<{ investor_id: string }>(
    `SELECT DISTINCT investor_id FROM screening_hits WHERE investor_id = ANY($1::uuid[]) AND status = 'confirmed' AND NOT entry_pep`,
  ).all(q, [ids]);
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
  const p = await typed(q)
    .selectFrom('profiles')
    .select(['id', 'name', 'investorUserType', 'dateOfBirth', 'nationality', 'pepDeclared'])
    .where('id', '=', investorId)
    .where('role', '=', 'investor')
    .executeTakeFirst();
  if (!p) throw notFound('Investor not found');
  const persons = await typed(q)
    .selectFrom('screened_persons')
    .select(['id', 'relation', 'fullName', 'aliases', 'dateOfBirth', 'nationality', 'pepDeclared'])
    .where('investorId', '=', investorId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
  return {
    investorId: p.id,
    name: p.name,
    investorUserType: p.investorUserType,
    dateOfBirth: iso(p.dateOfBirth),
    nationality: p.nationality,
    pepDeclared: p.pepDeclared,
    persons: persons.map((x) => ({
      id: x.id,
      relation: x.relation as PersonRelation,
      fullName: x.fullName,
      aliases: x.aliases,
      dateOfBirth: iso(x.dateOfBirth),
      nationality: x.nationality,
      pepDeclared: x.pepDeclared,
    })),
    status: await screeningStatus(q, investorId),
  };
}

export const MAX_PERSONS = 20;

export async function addPerson(q: Queryable, investorId: string, input: z.output<typeof personInput>): Promise<void> {
  await q.query('SELECT 1 FROM profiles WHERE id = $1 FOR UPDATE', [investorId]);
  const n = Number(
    (await sql<{ n: string }>('SELECT count(*) AS n FROM screened_persons WHERE investor_id = $1').first(q, [investorId]))?.n,
  );
  if (n >= MAX_PERSONS) throw conflict(`At most ${MAX_PERSONS} people can be named`, 'TOO_MANY_PERSONS');
  await typed(q)
    .insertInto('screened_persons')
    .values({
      investorId,
      relation: input.relation,
      fullName: input.fullName,
      aliases: input.aliases,
      dateOfBirth: input.dateOfBirth,
      nationality: input.nationality,
      pepDeclared: input.pepDeclared,
    })
    .execute();
}

export async function updatePerson(q: Queryable, investorId: string, personId: string, input: z.output<typeof personInput>): Promise<void> {
  const r = await typed(q)
    .updateTable('screened_persons')
    .set({
      relation: input.relation,
      fullName: input.fullName,
      aliases: input.aliases,
      dateOfBirth: input.dateOfBirth,
      nationality: input.nationality,
      pepDeclared: input.pepDeclared,
      updatedAt: new Date(),
    })
    .where('id', '=', personId)
    .where('investorId', '=', investorId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('Person not found');
}

export async function removePerson(q: Queryable, investorId: string, personId: string): Promise<void> {
  const r = await typed(q)
    .deleteFrom('screened_persons')
    .where('id', '=', personId)
    .where('investorId', '=', investorId)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound('Person not found');
}

export async function updateOwnDetails(
  q: Queryable,
  investorId: string,
  input: { dateOfBirth: string | null; nationality: string | null; pepDeclared: boolean },
): Promise<void> {
  await typed(q)
    .updateTable('profiles')
    .set({ dateOfBirth: input.dateOfBirth, nationality: input.nationality, pepDeclared: input.pepDeclared })
    .where('id', '=', investorId)
    .where('role', '=', 'investor')
    .execute();
}
