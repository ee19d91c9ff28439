import { type Insertable, sql as kysql, type Updateable } from 'kysely';
import type { HitStatus, ScreeningSource } from '../../../shared/screening.ts';
import type { Queryable } from '../../db/client.ts';
import type { ScreenedPersonsTable, ScreeningImportsTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/**
 * The screening module's queries on the typed layer (decision 035): screened people, list imports
 * and their entries, hits and their decisions, the re-screen's cursor, and the jobs it waits for.
 * Columns are read in camelCase; dates arrive as 'YYYY-MM-DD' text, numeric as decimal strings.
 */

const now = kysql<Date>`now()`;
const anyOf = (column: string, ids: string[]) => kysql<boolean>`${kysql.ref(column)} = ANY(${ids}::uuid[])`;

// ---- who is screened ----

/** Investors in id order (those of `investorIds`, after `after`, at most `limit`). */
export function investorsToScreen(q: Queryable, opts: { investorIds?: string[]; after?: string | null; limit?: number }) {
  return typed(q)
    .selectFrom('profiles')
    .select(['id', 'name', 'dateOfBirth', 'nationality'])
    .where('role', '=', 'investor')
    .$if(opts.investorIds !== undefined, (qb) => qb.where(anyOf('id', opts.investorIds ?? [])))
    .$if(Boolean(opts.after), (qb) => qb.where('id', '>', opts.after as string))
    .orderBy('id')
    .$if(Boolean(opts.limit), (qb) => qb.limit(opts.limit as number))
    .execute();
}

/** The named persons of these investors. */
export function personsOfInvestors(q: Queryable, investorIds: string[]) {
  return typed(q)
    .selectFrom('screened_persons')
    .select(['id', 'investorId', 'fullName', 'aliases', 'dateOfBirth', 'nationality'])
    .where(anyOf('investorId', investorIds))
    .execute();
}

/** The ids of up to `limit` investors after `cursor` (from the first with null), in id order. */
export function investorIdsAfter(q: Queryable, cursor: string | null, limit: number) {
  return typed(q)
    .selectFrom('profiles')
    .select('id')
    .where('role', '=', 'investor')
    .$if(cursor !== null, (qb) => qb.where('id', '>', cursor as string))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countInvestors(q: Queryable): Promise<number> {
  const r = await typed(q)
    .selectFrom('profiles')
    .select(kysql<number>`count(*)::int`.as('n'))
    .where('role', '=', 'investor')
    .executeTakeFirst();
  return r?.n ?? 0;
}

export function investorProfile(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('profiles')
    .select(['id', 'name', 'investorUserType', 'dateOfBirth', 'nationality', 'pepDeclared'])
    .where('id', '=', investorId)
    .where('role', '=', 'investor')
    .executeTakeFirst();
}

/** An investor's named persons, oldest first. */
export function personsOf(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('screened_persons')
    .select(['id', 'relation', 'fullName', 'aliases', 'dateOfBirth', 'nationality', 'pepDeclared'])
    .where('investorId', '=', investorId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Locks the investor's profile until the transaction ends (additions of persons queue behind it). */
export async function lockProfile(q: Queryable, investorId: string): Promise<void> {
  await typed(q).selectFrom('profiles').select(kysql`1`.as('one')).where('id', '=', investorId).forUpdate().execute();
}

export async function countPersons(q: Queryable, investorId: string): Promise<number> {
  const r = await typed(q)
    .selectFrom('screened_persons')
    .select(kysql<number>`count(*)::int`.as('n'))
    .where('investorId', '=', investorId)
    .executeTakeFirst();
  return r?.n ?? 0;
}

type PersonFields = Pick<
  Insertable<ScreenedPersonsTable>,
  'relation' | 'fullName' | 'aliases' | 'dateOfBirth' | 'nationality' | 'pepDeclared'
>;

export async function insertPerson(q: Queryable, investorId: string, fields: PersonFields): Promise<void> {
  await typed(q)
    .insertInto('screened_persons')
    .values({ investorId, ...fields })
    .execute();
}

/** Changes one of the investor's persons; false when the investor has no such person. */
export async function updatePersonRow(q: Queryable, investorId: string, personId: string, fields: PersonFields): Promise<boolean> {
  const rows = await typed(q)
    .updateTable('screened_persons')
    .set({ ...fields, updatedAt: new Date() })
    .where('id', '=', personId)
    .where('investorId', '=', investorId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Deletes one of the investor's persons; false when the investor has no such person. */
export async function deletePerson(q: Queryable, investorId: string, personId: string): Promise<boolean> {
  const rows = await typed(q)
    .deleteFrom('screened_persons')
    .where('id', '=', personId)
    .where('investorId', '=', investorId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function updateInvestorDetails(
  q: Queryable,
  investorId: string,
  fields: { dateOfBirth: string | null; nationality: string | null; pepDeclared: boolean },
): Promise<void> {
  await typed(q).updateTable('profiles').set(fields).where('id', '=', investorId).where('role', '=', 'investor').execute();
}

/** The number of enhanced-due-diligence documents (source of funds, financial statements) in the investor's KYC files. */
export async function eddDocumentCount(q: Queryable, investorId: string): Promise<number> {
  const r = await typed(q)
    .selectFrom('kyc_documents as d')
    .innerJoin('kyc_applications as k', 'k.id', 'd.applicationId')
    .select(kysql<number>`count(*)::int`.as('n'))
    .where('k.investorId', '=', investorId)
    .where('d.kind', 'in', ['source_of_funds', 'financial_statements'])
    .executeTakeFirst();
  return r?.n ?? 0;
}

export async function approvePepRow(q: Queryable, investorId: string, founderId: string): Promise<void> {
  await typed(q).updateTable('profiles').set({ pepApprovedBy: founderId, pepApprovedAt: now }).where('id', '=', investorId).execute();
}

// ---- lists ----

/** Holds other imports of the source until the transaction ends. */
export async function lockSourceImports(q: Queryable, source: ScreeningSource): Promise<void> {
  await kysql`SELECT pg_advisory_xact_lock(hashtext(${`screening-import:${source}`}))`.execute(typed(q));
}

export function entriesOf(q: Queryable, importId: string) {
  return typed(q)
    .selectFrom('screening_entries')
    .select(['ref', 'name', 'aliases', 'datesOfBirth', 'nationalities', 'fingerprint', 'pep'])
    .where('importId', '=', importId)
    .execute();
}

/** The latest import of each source. */
export function currentImports(q: Queryable): Promise<{ id: string; source: ScreeningSource }[]> {
  return typed(q)
    .selectFrom('screening_imports')
    .distinctOn('source')
    .select(['id', 'source'])
    .orderBy('source')
    .orderBy('importedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function latestImportId(q: Queryable, source: ScreeningSource): Promise<string | undefined> {
  const r = await typed(q)
    .selectFrom('screening_imports')
    .select('id')
    .where('source', '=', source)
    .orderBy('importedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r?.id;
}

/** The import of the source just before this one (by time, then id); null for the first. */
export async function previousImportId(q: Queryable, imp: { id: string; source: string; importedAt: string }): Promise<string | null> {
  const r = await typed(q)
    .selectFrom('screening_imports')
    .select('id')
    .where('source', '=', imp.source as ScreeningSource)
    .where(kysql<boolean>`(${kysql.ref('importedAt')}, ${kysql.ref('id')}) < (${imp.importedAt}::timestamptz, ${imp.id}::uuid)`)
    .orderBy('importedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r?.id ?? null;
}

type NewImport = Pick<
  Insertable<ScreeningImportsTable>,
  'source' | 'fileName' | 'sha256' | 'entryCount' | 'added' | 'changed' | 'removed' | 'importedBy'
>;

export async function insertImport(q: Queryable, values: NewImport): Promise<string> {
  return (await typed(q).insertInto('screening_imports').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export interface EntryRecord {
  ref: string;
  kind: string;
  name: string;
  aliases: string[];
  dobs: string[];
  nats: string[];
  pep: boolean;
  fp: string;
}

/** Stores entries of an import in one statement (one JSON parameter: arrays of any length). */
export async function insertEntries(q: Queryable, importId: string, entries: EntryRecord[]): Promise<void> {
  await kysql`INSERT INTO screening_entries (import_id, ref, kind, name, aliases, dates_of_birth, nationalities, pep, fingerprint)
       SELECT ${importId}, r.ref, r.kind, r.name, ARRAY(SELECT jsonb_array_elements_text(r.aliases)), ARRAY(SELECT jsonb_array_elements_text(r.dobs)),
              ARRAY(SELECT jsonb_array_elements_text(r.nats)), r.pep, r.fp
         FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS r(ref text, kind text, name text, aliases jsonb, dobs jsonb, nats jsonb, pep boolean, fp text)`.execute(
    typed(q),
  );
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
export type ImportRow = Awaited<ReturnType<ReturnType<typeof importRows>['executeTakeFirstOrThrow']>>;

export function importById(q: Queryable, id: string): Promise<ImportRow | undefined> {
  return importRows(q).where('i.id', '=', id).executeTakeFirst();
}

/** The latest 200 imports, newest first. */
export function recentImports(q: Queryable): Promise<ImportRow[]> {
  return importRows(q).orderBy('i.importedAt', 'desc').orderBy('i.id', 'desc').limit(200).execute();
}

// ---- the re-screen ----

export function importForRescreen(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('screening_imports')
    .select(['id', 'source', 'importedAt', 'rescreenStatus', 'rescreenCursor', 'rescreenDone', 'rescreenHits'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setRescreen(q: Queryable, id: string, fields: Updateable<ScreeningImportsTable>): Promise<void> {
  await typed(q).updateTable('screening_imports').set(fields).where('id', '=', id).execute();
}

/**
 * Moves the cursor from `from` to `to` (counting `n` investors done) unless another worker moved
 * it first or the run is done; false then.
 */
export async function advanceRescreenCursor(q: Queryable, id: string, from: string | null, to: string, n: number): Promise<boolean> {
  const rows = await typed(q)
    .updateTable('screening_imports')
    .set((eb) => ({ rescreenCursor: to, rescreenDone: eb('rescreenDone', '+', n) }))
    .where('id', '=', id)
    .where('rescreenCursor', 'is not distinct from', from)
    .where('rescreenStatus', '<>', 'done')
    .returning('id')
    .execute();
  return rows.length === 1;
}

export async function addRescreenHits(q: Queryable, id: string, n: number): Promise<void> {
  await typed(q)
    .updateTable('screening_imports')
    .set((eb) => ({ rescreenHits: eb('rescreenHits', '+', n) }))
    .where('id', '=', id)
    .execute();
}

/** How many screening jobs are queued or running. */
export async function pendingScreeningJobs(q: Queryable): Promise<number> {
  const r = await typed(q)
    .selectFrom('jobs')
    .select(kysql<number>`count(*)::int`.as('n'))
    .where('kind', 'in', ['screening-rescreen', 'screening-investor'])
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return r?.n ?? 0;
}

// ---- hits ----

export interface HitRecord {
  investor_id: string;
  person_id: string | null;
  subject_key: string;
  subject_name: string;
  source: ScreeningSource;
  entry_ref: string;
  entry_fingerprint: string;
  entry_name: string;
  entry_pep: boolean;
  /** Decimal string, three places. */
  score: string;
  reasons: string[];
}

/** Stores hits in one statement; one already raised for the same person, details and entry version is skipped. Returns how many are new. */
export async function insertHits(q: Queryable, hits: HitRecord[]): Promise<number> {
  const { rows } = await kysql<{
    id: string;
  }>`INSERT INTO screening_hits (investor_id, person_id, subject_key, subject_name, source, entry_ref,
                              entry_fingerprint, entry_name, entry_pep, score, reasons)
     SELECT r.investor_id, r.person_id, r.subject_key, r.subject_name, r.source, r.entry_ref, r.entry_fingerprint, r.entry_name, r.entry_pep, r.score,
            ARRAY(SELECT jsonb_array_elements_text(r.reasons))
       FROM jsonb_to_recordset(${JSON.stringify(hits)}::jsonb) AS r(investor_id uuid, person_id uuid, subject_key text, subject_name text, source text,
                                              entry_ref text, entry_fingerprint text, entry_name text, entry_pep boolean, score numeric, reasons jsonb)
     ON CONFLICT (investor_id, subject_key, source, entry_ref, entry_fingerprint) DO NOTHING
     RETURNING id`.execute(typed(q));
  return rows.length;
}

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
export type HitRow = Awaited<ReturnType<ReturnType<typeof hitRows>['executeTakeFirstOrThrow']>>;

export function hitById(q: Queryable, id: string): Promise<HitRow | undefined> {
  return hitRows(q).where('h.id', '=', id).executeTakeFirst();
}

/** The latest 500 hits (of one status), newest first. */
export function latestHits(q: Queryable, status?: HitStatus): Promise<HitRow[]> {
  return hitRows(q)
    .$if(status !== undefined, (qb) => qb.where('h.status', '=', status as HitStatus))
    .orderBy('h.createdAt', 'desc')
    .orderBy('h.id')
    .limit(500)
    .execute();
}

export function hitCounts(q: Queryable): Promise<{ status: HitStatus; n: number }[]> {
  return typed(q)
    .selectFrom('screening_hits')
    .select(['status', kysql<number>`count(*)::int`.as('n')])
    .groupBy('status')
    .execute();
}

/** The conditional UPDATEs of a decision: the hit's investor when the row changed, undefined when its state did not allow it. */
type Decided = Promise<{ investorId: string } | undefined>;

export function markFalsePositive(q: Queryable, id: string, reason: string, actorId: string): Decided {
  return typed(q)
    .updateTable('screening_hits')
    .set({ status: 'false_positive', clearedReason: reason, decidedBy: actorId, decidedAt: now })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'escalated'])
    .returning('investorId')
    .executeTakeFirst();
}

export function markEscalated(q: Queryable, id: string, note: string | null, actorId: string): Decided {
  return typed(q)
    .updateTable('screening_hits')
    .set({ status: 'escalated', escalationNote: note, escalatedBy: actorId, escalatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('investorId')
    .executeTakeFirst();
}

/** Confirms an escalated hit by someone other than who escalated it; the note is appended on a new line. */
export function markConfirmed(q: Queryable, id: string, note: string | null, actorId: string): Decided {
  return typed(q)
    .updateTable('screening_hits')
    .set({
      status: 'confirmed',
      decidedBy: actorId,
      decidedAt: now,
      escalationNote: kysql<string>`coalesce(${kysql.ref('escalationNote')}, '') || ${note === null ? '' : `\n${note}`}::text`,
    })
    .where('id', '=', id)
    .where('status', '=', 'escalated')
    .where('escalatedBy', 'is distinct from', actorId)
    .returning('investorId')
    .executeTakeFirst();
}

/** The active founders' ids and addresses, by address. */
export function activeFounders(q: Queryable) {
  return typed(q)
    .selectFrom('profiles')
    .select(['id', 'email'])
    .where('role', '=', 'admin')
    .where('adminUserType', '=', 'founder')
    .where('status', '=', 'active')
    .orderBy('email')
    .execute();
}

// ---- status ----

/** What an investor's hits and declarations say (undefined when there is no such profile). */
export function screeningFlags(q: Queryable, investorId: string) {
  const hitsOf = kysql`FROM screening_hits h WHERE h.investor_id = ${kysql.ref('p.id')}`;
  return typed(q)
    .selectFrom('profiles as p')
    .select([
      kysql<boolean>`EXISTS (SELECT 1 ${hitsOf} AND h.status = 'confirmed' AND NOT h.entry_pep)`.as('frozen'),
      kysql<boolean>`EXISTS (SELECT 1 ${hitsOf} AND h.status = 'confirmed' AND h.entry_pep)`.as('pepMatch'),
      kysql<number>`(SELECT count(*)::int ${hitsOf} AND h.status IN ('open', 'escalated'))`.as('openHits'),
      'p.pepDeclared',
      kysql<boolean>`EXISTS (SELECT 1 FROM screened_persons sp WHERE sp.investor_id = ${kysql.ref('p.id')} AND sp.pep_declared)`.as(
        'personsPep',
      ),
      kysql<boolean>`${kysql.ref('p.pepApprovedAt')} IS NOT NULL`.as('approved'),
    ])
    .where('p.id', '=', investorId)
    .executeTakeFirst();
}

/** Which of these investors have a confirmed sanctions (not PEP) match. */
export function frozenInvestors(q: Queryable, investorIds: string[]) {
  return typed(q)
    .selectFrom('screening_hits')
    .select('investorId')
    .distinct()
    .where(anyOf('investorId', investorIds))
    .where('status', '=', 'confirmed')
    .where('entryPep', '=', false)
    .execute();
}
