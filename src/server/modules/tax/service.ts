import type { z } from 'zod';
import type { AppUser } from '../../../shared/auth.ts';
import { toCsv } from '../../../shared/csv.ts';
import { RETURN_OF_CAPITAL } from '../../../shared/ledger.ts';
import { fromCents, toCents } from '../../../shared/money.ts';
import { SIGNING_MESSAGES } from '../../../shared/signing.ts';
import {
  type CertificationAnswers,
  type CircumstanceChange,
  certificationDueAfterChange,
  changeOverdue,
  type ParsedCertification,
  RENEWAL_REMINDER_DAYS_BEFORE,
  type Residence,
  renewalReminderStage,
  type residenceChangeInput,
  TAX_MESSAGES,
  type TaxCertification,
  type TaxState,
} from '../../../shared/tax-certification.ts';
import { reauthenticate } from '../../auth/reauthenticate.ts';
import { normalName, signatureMark } from '../../auth/signature-mark.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { insertItem, updateItemColumns } from '../compliance/repository.ts';
import { notifyTaxRecertification, notifyTaxRenewalReminder } from '../email/notify.ts';
import { buildStatement } from '../ledger/statements.ts';
import { companyDayIn } from '../settings/clock.ts';
import { taxCertificationReasons } from './eligibility.ts';
import {
  type CertificationRow,
  certificationsInForce,
  certificationsOf,
  claimRenewalReminder,
  insertCertification,
  insertChange,
  investorProfile,
  latestVersion,
  openChange,
  openChangesDueBetween,
  resolveChanges,
  screenedPersonsOf,
  setResidence,
} from './repository.ts';

/** Tax self-certification (issue 31 part 3, decision 049). */

const toCertification = (r: CertificationRow): TaxCertification => ({
  id: r.id,
  version: r.version,
  answers: r.answers as unknown as CertificationAnswers,
  signedName: r.signedName,
  signatureMethod: r.signatureMethod,
  signatureDrawing: r.signaturePng ? `data:image/png;base64,${r.signaturePng}` : null,
  reauth: r.reauth,
  signedAt: new Date(r.signedAt).toISOString(),
});

const kindOf = (investorUserType: string | null): 'individual' | 'entity' =>
  investorUserType === 'hni' || !investorUserType ? 'individual' : 'entity';

/** The investor's certification, its history, the change of circumstances waiting and what blocks (the admin sees the same). */
export async function taxState(q: Queryable, investorId: string): Promise<TaxState> {
  const who = await investorProfile(q, investorId);
  if (!who) throw notFound('Investor not found');
  const { today } = await companyDayIn(q);
  const history = (await certificationsOf(q, investorId)).map(toCertification);
  const change = await openChange(q, investorId);
  const pendingChange: CircumstanceChange | null = change
    ? {
        id: change.id,
        changedOn: change.changedOn,
        dueDate: change.dueDate,
        residenceCountry: change.residenceCountry,
        address: change.address,
        resolved: false,
        overdue: changeOverdue(change.dueDate, today),
      }
    : null;
  return {
    investorId,
    name: who.name,
    kind: kindOf(who.investorUserType),
    residenceCountry: who.residenceCountry,
    address: who.residenceAddress,
    current: history[0] ?? null,
    history,
    pendingChange,
    persons: (await screenedPersonsOf(q, investorId)).map((p) => ({ id: p.id, fullName: p.fullName, relation: p.relation })),
    blocking: await taxCertificationReasons(q, investorId, today),
  };
}

/**
 * The investor signs a new certification: the answers checked against their account (type, named
 * persons), the typed name against their account name, then re-authentication (password or
 * authenticator code, counted like signing, decision 036); stored as the next version, resolving any
 * change of circumstances waiting for it (and completing its calendar item).
 */
export async function signCertification(ctx: AppContext, user: AppUser, input: ParsedCertification, ip: string): Promise<void> {
  const who = await investorProfile(ctx.db, user.id);
  if (!who) throw notFound('Investor not found');
  if (input.kind !== kindOf(who.investorUserType)) throw badRequest(TAX_MESSAGES.wrongKind, { kind: TAX_MESSAGES.wrongKind });
  if (normalName(input.signedName) !== normalName(who.name))
    throw badRequest(TAX_MESSAGES.nameMismatch, { signedName: TAX_MESSAGES.nameMismatch });
  // The same signature as the subscription agreement (decision 036): typed is the signed name itself.
  const mark = input.method === 'drawn' ? await signatureMark({ method: 'drawn', drawing: input.drawing }, who.name) : null;
  let answers: CertificationAnswers;
  if (input.kind === 'individual') {
    answers = { kind: 'individual', residences: input.residences, usPerson: input.usPerson, usTin: input.usTin };
  } else {
    const persons = new Map((await screenedPersonsOf(ctx.db, user.id)).map((p) => [p.id, p]));
    if (input.controllingPersons.length > 0 && persons.size === 0)
      throw badRequest(TAX_MESSAGES.noPersons, { controllingPersons: TAX_MESSAGES.noPersons });
    const seen = new Set<string>();
    const controllingPersons: { personId: string; name: string; residences: Residence[] }[] = [];
    for (const [i, cp] of input.controllingPersons.entries()) {
      const p = persons.get(cp.personId);
      if (!p || seen.has(cp.personId))
        throw badRequest(TAX_MESSAGES.personUnknown, { [`controllingPersons.${i}.personId`]: TAX_MESSAGES.personUnknown });
      seen.add(cp.personId);
      controllingPersons.push({ personId: p.id, name: p.fullName, residences: cp.residences });
    }
    // Every named person is certified once any is (the entity cannot pick whom to report).
    if (controllingPersons.length > 0 && controllingPersons.length < persons.size)
      throw badRequest(TAX_MESSAGES.personsRequired, { controllingPersons: TAX_MESSAGES.personsRequired });
    answers = {
      kind: 'entity',
      residences: input.residences,
      fatcaClass: input.fatcaClass,
      crsType: input.crsType,
      giin: input.giin,
      usTin: input.usTin,
      controllingPersons,
    };
  }
  const method = await reauthenticate(ctx.db, ctx.config, user, input, ip, SIGNING_MESSAGES);
  await ctx.db.tx(async (q) => {
    // One version at a time per investor: the profile row is the lock.
    await investorProfile(q, user.id, true);
    const version = (await latestVersion(q, user.id)) + 1;
    const id = await insertCertification(q, {
      investorId: user.id,
      version,
      answers,
      signedName: input.signedName,
      signaturePng: mark?.method === 'drawn' ? mark.png : null,
      reauth: method,
      ip,
    });
    for (const itemId of await resolveChanges(q, user.id, id)) await updateItemColumns(q, itemId, { workflowState: 'completed' }, true);
    await logActivity(q, {
      type: 'tax_certification_signed',
      userId: user.id,
      targetUserId: user.id,
      details: {
        certificationId: id,
        version,
        kind: answers.kind,
        signature: input.method,
        reauth: method,
        residences: answers.residences.map((r) => r.country),
      },
      ip,
    });
  });
}

/**
 * A change of address or residence on the investor's profile (change of circumstances): stored on
 * the profile, and a new certification falls due 90 days later (company zone), with an item in the
 * compliance calendar and an e-mail to the investor through the outbox. A change while one is
 * already waiting keeps the earlier (sooner) due date.
 */
export async function changeResidence(
  q: Queryable,
  investorId: string,
  input: z.output<typeof residenceChangeInput>,
  ip: string,
): Promise<void> {
  const who = await investorProfile(q, investorId, true);
  if (!who) throw notFound('Investor not found');
  if (who.residenceCountry === input.residenceCountry && (who.residenceAddress ?? '') === input.address)
    throw badRequest(TAX_MESSAGES.sameResidence, { address: TAX_MESSAGES.sameResidence });
  await setResidence(q, investorId, input.residenceCountry, input.address);
  const { today } = await companyDayIn(q);
  const waiting = await openChange(q, investorId);
  const dueDate = waiting?.dueDate ?? certificationDueAfterChange(today);
  let complianceItemId: string | null = null;
  // Only an investor who has certified has something to renew; without one the gate already asks.
  if (!waiting && (await latestVersion(q, investorId)) > 0) {
    complianceItemId = await insertItem(q, {
      type: 'kyc_refresh',
      title: `Tax self-certification renewal: ${who.name}`,
      description: `The investor changed their address or tax residence on ${today}; a new FATCA/CRS self-certification is due by ${dueDate}.`,
      dueDate,
      priority: 'high',
    });
    await notifyTaxRecertification(q, investorId, dueDate);
  }
  if ((await latestVersion(q, investorId)) > 0)
    await insertChange(q, {
      investorId,
      changedOn: today,
      dueDate,
      residenceCountry: input.residenceCountry,
      address: input.address,
      previousCountry: who.residenceCountry,
      previousAddress: who.residenceAddress,
      complianceItemId,
    });
  await logActivity(q, {
    type: 'tax_residence_changed',
    userId: investorId,
    targetUserId: investorId,
    details: { residenceCountry: input.residenceCountry, previousCountry: who.residenceCountry, dueDate },
    ip,
  });
}

/** Jurisdictions a UAE financial institution reports to: CRS excludes the UAE itself and the US (FATCA covers it). */
const crsReportable = (country: string) => country !== 'AE' && country !== 'US';

export const EXPORT_COLUMNS = [
  'regime',
  'account_holder',
  'account_holder_email',
  'account_holder_type',
  'reportable_person',
  'person_role',
  'jurisdiction',
  'tin',
  'no_tin_reason',
  'fatca_classification',
  'crs_entity_type',
  'giin',
  'balance_year_end',
  'payments_in_year',
  'gross_proceeds_in_year',
  'income_in_year',
  'currency',
] as const;

/**
 * The reporting year's reportable accounts as CSV (decision 049): each account holder whose
 * certification in force at the year's end names a reportable jurisdiction, one row per regime,
 * reportable person and jurisdiction. The balance is the capital account at 31 December (the
 * roll-forward, as on the statements) and the payments are the distributions paid in the year from
 * the ledger (gross proceeds: the return of capital; income: the rest), all in exact decimal strings.
 */
export async function reportableAccountsCsv(q: Queryable, year: number): Promise<{ csv: string; rows: number }> {
  const { today, zone } = await companyDayIn(q);
  if (year > Number(today.slice(0, 4)) - 1) throw badRequest(TAX_MESSAGES.yearRange, { year: TAX_MESSAGES.yearRange });
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const rows: string[][] = [];
  for (const c of await certificationsInForce(q, to, zone)) {
    const a = c.answers as unknown as CertificationAnswers;
    type Reportable = { regime: 'CRS' | 'FATCA'; person: string; role: string; country: string; tin: string; reason: string };
    const found: Reportable[] = [];
    const add = (person: string, role: string, residences: Residence[]) => {
      for (const r of residences)
        if (crsReportable(r.country))
          found.push({ regime: 'CRS', person, role, country: r.country, tin: r.tin ?? '', reason: r.noTinReason ?? '' });
    };
    add(c.name, 'account_holder', a.residences);
    if (a.kind === 'individual') {
      if (a.usPerson)
        found.push({ regime: 'FATCA', person: c.name, role: 'account_holder', country: 'US', tin: a.usTin ?? '', reason: '' });
    } else {
      if (a.fatcaClass === 'specified_us_person')
        found.push({ regime: 'FATCA', person: c.name, role: 'account_holder', country: 'US', tin: a.usTin ?? '', reason: '' });
      for (const p of a.controllingPersons) {
        add(p.name, 'controlling_person', p.residences);
        const us = p.residences.find((r) => r.country === 'US');
        if (us && a.fatcaClass === 'passive_nffe')
          found.push({
            regime: 'FATCA',
            person: p.name,
            role: 'controlling_person',
            country: 'US',
            tin: us.tin ?? '',
            reason: us.noTinReason ?? '',
          });
      }
    }
    if (found.length === 0) continue;
    const s = await buildStatement(q, c.investorId, from, to);
    let proceeds = 0n;
    let income = 0n;
    for (const d of s.deals)
      for (const x of d.distributions) {
        if (x.type === RETURN_OF_CAPITAL) proceeds += toCents(x.amount);
        else income += toCents(x.amount);
      }
    for (const f of found)
      rows.push([
        f.regime,
        c.name,
        c.email,
        a.kind,
        f.person,
        f.role,
        f.country,
        f.tin,
        f.reason,
        a.kind === 'entity' ? a.fatcaClass : '',
        a.kind === 'entity' ? a.crsType : '',
        a.kind === 'entity' ? (a.giin ?? '') : '',
        s.totals.closing,
        s.totals.distributions,
        fromCents(proceeds),
        fromCents(income),
        'USD',
      ]);
  }
  rows.sort(
    (x, y) =>
      (x[0] as string).localeCompare(y[0] as string) ||
      (x[1] as string).localeCompare(y[1] as string) ||
      (x[4] as string).localeCompare(y[4] as string) ||
      (x[6] as string).localeCompare(y[6] as string),
  );
  const columns = EXPORT_COLUMNS.map((key) => ({ key, label: key }));
  const records = rows.map((r) => Object.fromEntries(EXPORT_COLUMNS.map((k, i) => [k, r[i]])));
  return { csv: toCsv(columns, records), rows: rows.length };
}

/**
 * The renewal reminders of the day (the daily notices job): for each investor whose renewal falls
 * due within RENEWAL_REMINDER_DAYS_BEFORE days, one e-mail 14 days before (or on the first run
 * inside that window) and one on the due day, each once: the reminder row is claimed with
 * ON CONFLICT DO NOTHING in the same transaction as the e-mail, so two servers send it once.
 * Returns how many were queued.
 */
export async function enqueueTaxRenewalReminders(q: Queryable, now: Date = new Date()): Promise<number> {
  const { today } = await companyDayIn(q, now);
  const until = new Date(`${today}T00:00:00Z`);
  until.setUTCDate(until.getUTCDate() + RENEWAL_REMINDER_DAYS_BEFORE);
  let queued = 0;
  for (const change of await openChangesDueBetween(q, today, until.toISOString().slice(0, 10))) {
    const stage = renewalReminderStage(change.dueDate, today);
    if (!stage) continue;
    if (!(await claimRenewalReminder(q, change.id, stage, today))) continue;
    if (await notifyTaxRenewalReminder(q, change.investorId, change.dueDate, stage)) queued++;
  }
  return queued;
}
