import type { CertificationAnswers } from '../../../shared/tax-certification.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The tax self-certification queries (decision 035, issue 31 part 3, decision 049). */

export function investorProfile(q: Queryable, investorId: string, lock = false) {
  let query = typed(q)
    .selectFrom('profiles')
    .select(['id', 'name', 'email', 'language', 'investorUserType', 'residenceCountry', 'residenceAddress'])
    .where('id', '=', investorId)
    .where('role', '=', 'investor');
  if (lock) query = query.forNoKeyUpdate();
  return query.executeTakeFirst();
}

const selectCertifications = (q: Queryable) =>
  typed(q)
    .selectFrom('tax_certifications')
    .select(['id', 'investorId', 'version', 'kind', 'answers', 'signedName', 'reauth', 'signedAt', 'signatureMethod', 'signaturePng']);
export type CertificationRow = Awaited<ReturnType<ReturnType<typeof selectCertifications>['executeTakeFirstOrThrow']>>;

/** Every certification of an investor, newest first. */
export function certificationsOf(q: Queryable, investorId: string): Promise<CertificationRow[]> {
  return selectCertifications(q).where('investorId', '=', investorId).orderBy('version', 'desc').execute();
}

export async function latestVersion(q: Queryable, investorId: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('tax_certifications')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('investorId', '=', investorId)
    .executeTakeFirst();
  return Number(row?.v ?? 0);
}

export async function insertCertification(
  q: Queryable,
  c: {
    investorId: string;
    version: number;
    answers: CertificationAnswers;
    signedName: string;
    /** The drawn signature's PNG (a typed signature is the signed name itself). */
    signaturePng: Buffer | null;
    reauth: 'password' | 'totp';
    ip: string;
  },
): Promise<string> {
  return (
    await typed(q)
      .insertInto('tax_certifications')
      .values({
        investorId: c.investorId,
        version: c.version,
        kind: c.answers.kind,
        answers: JSON.stringify(c.answers),
        signedName: c.signedName,
        signatureMethod: c.signaturePng ? 'drawn' : 'typed',
        signaturePng: c.signaturePng?.toString('base64') ?? null,
        reauth: c.reauth,
        ip: c.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** The change of circumstances waiting for a new certification (the oldest first: it is due first). */
export function openChange(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('tax_circumstance_changes')
    .select(['id', 'changedOn', 'dueDate', 'residenceCountry', 'address', 'complianceItemId'])
    .where('investorId', '=', investorId)
    .where('resolvedBy', 'is', null)
    .orderBy('dueDate', 'asc')
    .executeTakeFirst();
}

export async function insertChange(
  q: Queryable,
  c: {
    investorId: string;
    changedOn: string;
    dueDate: string;
    residenceCountry: string;
    address: string;
    previousCountry: string | null;
    previousAddress: string | null;
    complianceItemId: string | null;
  },
): Promise<string> {
  return (await typed(q).insertInto('tax_circumstance_changes').values(c).returning('id').executeTakeFirstOrThrow()).id;
}

/** A new certification resolves every open change; their calendar items, to complete. */
export async function resolveChanges(q: Queryable, investorId: string, certificationId: string): Promise<string[]> {
  const rows = await typed(q)
    .updateTable('tax_circumstance_changes')
    .set({ resolvedBy: certificationId })
    .where('investorId', '=', investorId)
    .where('resolvedBy', 'is', null)
    .returning('complianceItemId')
    .execute();
  return rows.map((r) => r.complianceItemId).filter((id): id is string => id !== null);
}

export function setResidence(q: Queryable, investorId: string, residenceCountry: string, address: string) {
  return typed(q).updateTable('profiles').set({ residenceCountry, residenceAddress: address }).where('id', '=', investorId).execute();
}

export function screenedPersonsOf(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('screened_persons')
    .select(['id', 'fullName', 'relation'])
    .where('investorId', '=', investorId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/**
 * The certification each investor had in force at the end of `lastDay` (signed on or before it in
 * the company zone), with the holder's name and e-mail: the reporting year's population.
 */
export function certificationsInForce(q: Queryable, lastDay: string, zone: string) {
  return typed(q)
    .selectFrom('tax_certifications as c')
    .innerJoin('profiles as p', 'p.id', 'c.investorId')
    .select(['c.investorId', 'c.version', 'c.answers', 'p.name', 'p.email', 'p.investorUserType'])
    .distinctOn('c.investorId')
    .where((eb) => eb(eb.fn('date', [eb.fn('timezone', [eb.val(zone), eb.ref('c.signedAt')])]), '<=', lastDay))
    .orderBy('c.investorId')
    .orderBy('c.version', 'desc')
    .execute();
}

/**
 * The open change of each investor (the earliest due: later ones keep its due day) falling due
 * between `from` and `to` (company days, inclusive): candidates for a renewal reminder.
 */
export function openChangesDueBetween(q: Queryable, from: string, to: string) {
  return typed(q)
    .selectFrom('tax_circumstance_changes')
    .select(['id', 'investorId', 'dueDate'])
    .distinctOn('investorId')
    .where('resolvedBy', 'is', null)
    .where('dueDate', '>=', from)
    .where('dueDate', '<=', to)
    .orderBy('investorId')
    .orderBy('dueDate', 'asc')
    .orderBy('id')
    .execute();
}

/** Claims one reminder stage of one change: true for the first caller only (two servers send it once). */
export async function claimRenewalReminder(q: Queryable, changeId: string, stage: 'before' | 'due', sentOn: string): Promise<boolean> {
  const rows = await typed(q)
    .insertInto('tax_recertification_reminders')
    .values({ changeId, stage, sentOn })
    .onConflict((oc) => oc.columns(['changeId', 'stage']).doNothing())
    .returning('changeId')
    .execute();
  return rows.length > 0;
}
