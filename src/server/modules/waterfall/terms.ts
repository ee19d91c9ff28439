import type {
  CarryRecipient,
  DealEconomics,
  DealTerms,
  DealTermsData,
  DealTermsInput,
  InvestorDealTerms,
} from '../../../shared/deal-terms.ts';
import { DEFAULT_CONVENTIONS, describeTerms } from '../../../shared/deal-terms.ts';
import { DEFAULT_OWNERSHIP } from '../../../shared/ownership.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { checkOwnershipChange, ownershipOfTerms, saveOwnership } from '../ledger/ownership-repository.ts';
import {
  activeAdmins,
  carryRecipientsOf,
  dealExists,
  heldDeals,
  insertCarryRecipients,
  insertTerms,
  lockDeal,
  replaceTerms,
  type TermsScope,
  type TermsValues,
  termsRows,
} from './repository.ts';

/**
 * A deal's terms (decision 009 and its amendments): the versions, the one in force, saving them,
 * and what an investor reads of them. The waterfall itself is in service.ts.
 */
// ---------------------------------------------------------------------------------------------
// Terms
// ---------------------------------------------------------------------------------------------

const tidy = (n: string) => (n.includes('.') ? n.replace(/0+$/, '').replace(/\.$/, '') : n);

async function loadTerms(q: Queryable, scope: TermsScope): Promise<DealTerms[]> {
  const rows = await termsRows(q, scope);
  if (rows.length === 0) return [];
  const recipients = await carryRecipientsOf(
    q,
    rows.map((r) => r.id),
  );
  const ownership = await ownershipOfTerms(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    dealId: r.dealId,
    version: r.version,
    hurdleRate: tidy(r.hurdleRate),
    catchUp: r.catchUp,
    catchUpRate: tidy(r.catchUpRate),
    carryRate: tidy(r.carryRate),
    carryRecipients: recipients
      .filter((x) => x.termsId === r.id)
      .map((x): CarryRecipient => ({ kind: x.kind, userId: x.userId, name: x.name, share: tidy(x.share) })),
    managementFee:
      r.managementFeeRate !== null && r.managementFeeBasis && r.managementFeeMethod
        ? { rate: tidy(r.managementFeeRate), basis: r.managementFeeBasis, method: r.managementFeeMethod }
        : null,
    conventions: {
      prefCompounding: r.prefCompounding,
      dayCount: r.dayCount,
      clawback: r.clawback,
      clawbackTaxRate: tidy(r.clawbackTaxRate),
      escrowRate: tidy(r.escrowRate),
      escrowReleaseDate: r.escrowReleaseDate,
    },
    ownership: ownership.get(r.id) ?? DEFAULT_OWNERSHIP,
    createdAt: r.createdAt.toISOString(),
    createdByName: r.createdByName,
    distributionCount: r.distributionCount,
  }));
}

/** The terms version in force for a deal's next distribution, or null (no terms: 100% to investors). */
export async function currentTerms(q: Queryable, dealId: string): Promise<DealTerms | null> {
  const all = await loadTerms(q, { dealId, versions: 'current' });
  return all[0] ?? null;
}

/**
 * The economics in force for each of these deals, as an investor reads them before subscribing
 * (issue 27: the review step shows fees and carry): never who receives the carry. Deals without
 * terms are absent.
 */
export async function currentEconomics(q: Queryable, dealIds: string[]): Promise<Map<string, DealEconomics>> {
  if (dealIds.length === 0) return new Map();
  const all = await loadTerms(q, { dealIds });
  return new Map(
    all.map((t) => [
      t.dealId,
      { hurdleRate: t.hurdleRate, catchUp: t.catchUp, catchUpRate: t.catchUpRate, carryRate: t.carryRate, managementFee: t.managementFee },
    ]),
  );
}

export async function getDealTerms(q: Queryable, dealId: string): Promise<DealTermsData> {
  if (!(await dealExists(q, dealId))) throw notFound('Deal not found');
  const versions = await loadTerms(q, { dealId, versions: 'all' });
  return { current: versions[0] ?? null, versions, administrators: await activeAdmins(q) };
}

/**
 * Saves a deal's terms. While no distribution was recorded under the current version, it is
 * replaced in place; otherwise a new version is created, used only by later distributions.
 * The deal row is locked, so this serialises with recording a distribution.
 */
export async function saveDealTerms(
  q: Queryable,
  dealId: string,
  input: DealTermsInput,
  actorId: string,
  ip: string,
): Promise<DealTermsData> {
  const deal = await lockDeal(q, dealId);
  if (!deal) throw notFound('Deal not found');

  // Administrators named as carry recipients must exist and be active.
  const admins = new Map((await activeAdmins(q)).map((a) => [a.id, a.name]));
  const fields: Record<string, string> = {};
  input.carryRecipients.forEach((r, i) => {
    if (r.kind === 'admin' && !admins.has(r.userId)) fields[`carryRecipients.${i}.userId`] = 'Choose an active administrator';
  });
  if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields)[0] as string, fields);

  const catchUpRate = input.catchUp === 'none' ? '0' : input.catchUp === 'full' ? '100' : (input.catchUpRate as string);
  const current = await currentTerms(q, dealId);
  const conv = input.conventions ?? DEFAULT_CONVENTIONS;
  await checkOwnershipChange(q, dealId, current?.ownership ?? DEFAULT_OWNERSHIP, input.ownership);
  let termsId: string;
  let version: number;
  const values: TermsValues = {
    hurdleRate: input.hurdleRate,
    catchUp: input.catchUp,
    catchUpRate,
    carryRate: input.carryRate,
    managementFeeRate: input.managementFee?.rate ?? null,
    managementFeeBasis: input.managementFee?.basis ?? null,
    managementFeeMethod: input.managementFee?.method ?? null,
    createdBy: actorId,
    prefCompounding: conv.prefCompounding,
    dayCount: conv.dayCount,
    clawback: conv.clawback,
    clawbackTaxRate: conv.clawbackTaxRate,
    escrowRate: conv.escrowRate,
    escrowReleaseDate: conv.escrowReleaseDate ?? null,
  };
  if (current && current.distributionCount === 0) {
    termsId = current.id;
    version = current.version;
    await replaceTerms(q, termsId, values);
  } else {
    version = (current?.version ?? 0) + 1;
    termsId = await insertTerms(q, dealId, version, values);
  }
  // Ownership (decision 040): omitted keeps the current version's choice.
  await saveOwnership(q, termsId, input.ownership ?? current?.ownership ?? DEFAULT_OWNERSHIP);
  await insertCarryRecipients(
    q,
    input.carryRecipients.map((r, i) => ({
      termsId,
      position: i,
      kind: r.kind,
      userId: r.kind === 'admin' ? r.userId : null,
      name: r.kind === 'admin' ? (admins.get(r.userId) as string) : r.name,
      share: r.share,
    })),
  );
  await logActivity(q, {
    type: 'deal_terms_updated',
    userId: actorId,
    details: {
      dealId,
      title: deal.title,
      version,
      hurdleRate: input.hurdleRate,
      catchUp: input.catchUp,
      catchUpRate,
      carryRate: input.carryRate,
      conventions: conv,
      newVersion: !(current && current.distributionCount === 0),
    },
    ip,
  });
  return getDealTerms(q, dealId);
}

/** The terms of each deal an investor holds (Completed subscriptions). */
export async function investorDealTerms(q: Queryable, investorId: string): Promise<InvestorDealTerms[]> {
  const deals = await heldDeals(q, investorId);
  const out = [];
  for (const d of deals) {
    const t = await currentTerms(q, d.id);
    // Investors see the economics, not who inside the desk receives the carry.
    const terms = t ? (({ carryRecipients: _r, createdByName: _c, ...rest }) => rest)(t) : null;
    out.push({ dealId: d.id, dealTitle: d.title, summary: describeTerms(t), terms });
  }
  return out;
}
