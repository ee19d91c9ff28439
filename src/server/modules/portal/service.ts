import type { z } from 'zod';
import { addDays, daysUntil, todayIso } from '../../../shared/dates.ts';
import { CLASSIFICATION_LABELS } from '../../../shared/dfsa-classification.ts';
import { documentExpiry } from '../../../shared/documents.ts';
import {
  type ComplianceCategoryStatus,
  failedProfessionalCriteria,
  type InvestorComplianceData,
  REVIEW_REQUIRED,
  type suitabilityInput,
} from '../../../shared/investor-compliance.ts';
import type { InvestorDashboardData } from '../../../shared/investor-dashboard.ts';
import type { InvestorDeal } from '../../../shared/investor-deals.ts';
import { KYC_DOCUMENT_LABELS, type KycDocumentKind } from '../../../shared/kyc.ts';
import {
  balancesAsOf,
  type EntryFacts,
  type HoldingFigures,
  holdingFigures,
  navShareAsOf,
  portfolioReturn,
  unitsFigures,
} from '../../../shared/ledger.ts';
import { fromCents, ratio } from '../../../shared/money.ts';
import { EQUALISATION } from '../../../shared/ownership.ts';
import type { Holding, PerformanceData } from '../../../shared/performance.ts';
import { suitabilityReviewCurrent, suitabilityReviewDue } from '../../../shared/suitability.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { investorCalendar } from '../distributions/service.ts';
import { investorNotices } from '../ledger/calls.ts';
import { ownershipMethods } from '../ledger/ownership-repository.ts';
import { dealFacts } from '../ledger/service.ts';
import { valuationFacts } from '../ledger/valuation-facts.ts';
import { classificationStatus } from '../onboarding/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { getSettings } from '../settings/service.ts';
import { executedAgreementsOf } from '../signing/repository.ts';
import { dealOpenOrHeld, openOrHeldDeals } from '../subscriptions/service.ts';
import { currentEconomics } from '../waterfall/terms.ts';
import {
  accountOpenedAt,
  addressedDocument,
  addressedDocuments,
  dealDocuments,
  insertSuitabilityReview,
  kycKinds,
  kycProgress,
  latestSuitabilityReview,
  latestValuationStatus,
  ledgerDeals,
  unreadByInvestor,
} from './repository.ts';

/**
 * A vault document the investor may open: addressed to them, or investor-visible and, for a
 * deal's document, its deal open or held by them (repository: addressedDocument).
 */
export async function visibleDocument(q: Queryable, investorId: string, documentId: string) {
  const row = await addressedDocument(q, investorId, documentId);
  // Not visible and not existing look the same: no probing for other investors' documents.
  if (!row) throw notFound('Document not found');
  if (row.investorId === null && row.dealId !== null && !(await dealOpenOrHeld(q, row.dealId, investorId))) {
    throw notFound('Document not found');
  }
  return { filePath: row.filePath, name: row.name, extension: row.extension, byteSize: row.byteSize };
}

export async function investorDeals(q: Queryable, investorId: string): Promise<InvestorDeal[]> {
  const deals = await openOrHeldDeals(q, investorId);
  // The documents of exactly those deals (open or held), in one statement.
  const docs =
    deals.length === 0
      ? []
      : await dealDocuments(
          q,
          investorId,
          deals.map((d) => d.id),
        );
  const economics = await currentEconomics(
    q,
    deals.map((d) => d.id),
  );
  const agreements = await executedAgreementsOf(
    q,
    investorId,
    deals.map((d) => d.id),
  );
  return deals.map((d) => ({
    id: d.id,
    title: d.title,
    type: d.type,
    stage: d.stage,
    status: d.status,
    targetAmount: d.targetAmount,
    remainingCapacity: d.targetAmount === null ? null : d.remaining,
    expectedIrr: d.expectedIrr,
    riskScore: d.riskScore,
    spvEntity: d.spvEntity,
    description: d.description,
    open: d.open,
    held: d.held,
    terms: economics.get(d.id) ?? null,
    documents: docs
      .filter((x) => x.dealId === d.id)
      .map((x) => ({
        id: x.id,
        name: x.name,
        type: x.type,
        extension: x.extension,
        fileSize: x.fileSize,
        uploadDate: x.uploadDate.toISOString(),
      })),
    agreements: agreements
      .filter((a) => a.dealId === d.id)
      .map((a) => ({ envelopeId: a.envelopeId, executedAt: new Date(a.executedAt).toISOString(), byteSize: a.executedBytes ?? 0 })),
  }));
}

/**
 * Per holding, from the capital-account ledger, all on one as-of date (the company's today unless
 * given): committed, called, contributed, unfunded, the roll-forward NAV (decision 023),
 * MOIC/TVPI/DPI/RVPI, gain, the period return and (from a year of history) the annualised XIRR.
 * Only paid distributions are in the ledger, so every figure here is on paid amounts. The history
 * shows, on each date up to the as-of date (never later), what the investor really held then.
 */
/** Equalisation interest received to a date (decision 040): 'Equalisation' distributions net of reversals. */
function equalisationOf(entries: EntryFacts[], asOf: string): bigint {
  return entries
    .filter((e) => e.date <= asOf && e.distributionType === EQUALISATION)
    .reduce((s, e) => s + (e.kind === 'reversal' ? -e.cents : e.kind === 'distribution' ? e.cents : 0n), 0n);
}

export async function performance(q: Queryable, investorId: string, today?: string): Promise<PerformanceData> {
  const asOf = today ?? (await companyDayIn(q)).today;
  const dealRows = await ledgerDeals(q, investorId);
  const dealIds = dealRows.map((d) => d.id);
  const facts = await dealFacts(q, dealIds);
  const valsByDeal = await valuationFacts(q, dealIds);
  const methods = await ownershipMethods(q, dealIds);
  const latestStatus = dealIds.length ? await latestValuationStatus(q, dealIds, asOf) : [];
  const holdings: Holding[] = [];
  const figures: HoldingFigures[] = [];
  const sum = { committed: 0n, called: 0n, contributed: 0n, unfunded: 0n, nav: 0n, dist: 0n };
  const byType = new Map<string, bigint>();
  for (const d of dealRows) {
    const entries = facts.get(d.id) ?? new Map();
    const vals = valsByDeal.get(d.id) ?? [];
    const f = holdingFigures(investorId, entries, vals, asOf, methods.get(d.id));
    const all = f.balances;
    if (all.committed <= 0n && all.contributed <= 0n) continue;
    const latest = latestStatus.find((v) => v.dealId === d.id);
    figures.push(f);
    sum.committed += all.committed;
    sum.called += all.called;
    sum.contributed += all.contributed;
    sum.unfunded += all.unfunded;
    sum.nav += f.nav;
    sum.dist += all.distributed;
    byType.set(d.type, (byType.get(d.type) ?? 0n) + f.nav);
    holdings.push({
      dealId: d.id,
      units: methods.get(d.id) === 'units' ? unitsFigures(investorId, entries, vals, asOf, f.nav) : null,
      equalisationReceived: fromCents(equalisationOf(entries.get(investorId) ?? [], asOf)),
      dealTitle: d.title,
      dealType: d.type,
      commitment: fromCents(all.committed),
      called: fromCents(all.called),
      contributed: fromCents(all.contributed),
      unfunded: fromCents(all.unfunded),
      fees: fromCents(all.fees),
      currentValue: fromCents(f.nav),
      irr: f.irr,
      periodReturn: f.periodReturn,
      annualised: f.annualised,
      moic: f.moic,
      tvpi: f.tvpi,
      dpi: f.dpi,
      rvpi: f.rvpi,
      gain: fromCents(f.gain),
      asOf,
      expectedExit: latest?.expectedExit ?? null,
      status: latest?.performanceStatus ?? null,
      distributionsReceived: fromCents(all.distributed),
    });
  }
  // History: on every date up to the as-of date a holding's value could change (its flows and its
  // deal's valuations), and the as-of date itself, the sum of what the investor held on that date.
  const dates = new Set<string>();
  for (const d of dealRows) {
    for (const e of facts.get(d.id)?.get(investorId) ?? [])
      if (e.kind === 'contribution' || e.kind === 'distribution' || e.kind === 'reversal') dates.add(e.date);
    for (const v of valsByDeal.get(d.id) ?? []) dates.add(v.date);
  }
  if (holdings.length > 0) dates.add(asOf);
  const history: { date: string; value: string }[] = [];
  for (const date of [...dates].sort()) {
    if (date > asOf) continue;
    let held = false;
    let value = 0n;
    for (const d of dealRows) {
      const entries = facts.get(d.id);
      if (!entries) continue;
      if (balancesAsOf(entries.get(investorId) ?? [], date).contributed <= 0n) continue;
      held = true;
      value += navShareAsOf(investorId, entries, valsByDeal.get(d.id) ?? [], date, methods.get(d.id));
    }
    if (held) history.push({ date, value: fromCents(value) });
  }
  const calls = await investorNotices(q, investorId, undefined, today);
  const portfolio = portfolioReturn(figures, asOf);
  return {
    holdings,
    totals: {
      commitment: fromCents(sum.committed),
      called: fromCents(sum.called),
      contributed: fromCents(sum.contributed),
      unfunded: fromCents(sum.unfunded),
      currentValue: fromCents(sum.nav),
      distributions: fromCents(sum.dist),
      gain: fromCents(sum.dist + sum.nav - sum.contributed),
      irr: portfolio.irr,
      periodReturn: portfolio.periodReturn,
      annualised: portfolio.annualised,
      moic: ratio(sum.dist + sum.nav, sum.contributed),
      tvpi: ratio(sum.dist + sum.nav, sum.contributed),
      dpi: ratio(sum.dist, sum.contributed),
      rvpi: ratio(sum.nav, sum.contributed),
      asOf,
    },
    history,
    allocation: [...byType.entries()].map(([type, value]) => ({ type, value: fromCents(value) })),
    amountsDue: calls
      // A cancelled line (its call entry reversed, decision record 024) is owed nothing.
      .filter((c) => c.status !== 'Paid' && c.status !== 'Cancelled')
      .sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1))
      .map((c) => ({ callId: c.callId, dealTitle: c.dealTitle, dueDate: c.dueDate, outstanding: c.outstanding, status: c.status })),
  };
}

export async function investorDashboard(q: Queryable, investorId: string): Promise<InvestorDashboardData> {
  const perf = await performance(q, investorId);
  const cal = await investorCalendar(q, investorId);
  const next = cal.upcoming[0];
  const kyc = await kycProgress(q, investorId);
  const unread = await unreadByInvestor(q, investorId);
  const deals = await investorDeals(q, investorId);
  return {
    // The same roll-forward, as-of date and paid-only ledger as the performance screen (decision 023).
    asOf: perf.totals.asOf,
    totalCommitted: perf.totals.commitment,
    currentValue: perf.totals.currentValue,
    distributionsReceived: perf.totals.distributions,
    nextPayment: next ? { date: next.paymentDate, amount: next.amount, dealName: next.dealName } : null,
    unreadMessages: unread,
    kyc: { status: kyc?.status ?? 'pending', completionPercentage: (kyc?.docs ?? 0) * 25 },
    // Holdings first, then open opportunities (newest first within each).
    recentDeals: [...deals.filter((d) => d.held), ...deals.filter((d) => !d.held)]
      .slice(0, 4)
      .map((d) => ({ id: d.id, title: d.title, type: d.type, status: d.held ? 'Held' : 'Open' })),
    amountsDue: perf.amountsDue,
  };
}

const REVIEW_WARNING_DAYS = 30;

function dueStatus(days: number): ComplianceCategoryStatus {
  if (days < 0) return 'Overdue';
  if (days <= REVIEW_WARNING_DAYS) return 'Due Soon';
  return 'Current';
}

/** The DFSA Compliance screen: four categories, the annual review, documents and regulatory details. */
export async function investorCompliance(q: Queryable, investorId: string, today?: string): Promise<InvestorComplianceData> {
  const { today: day, zone } = today ? { today, zone: '' } : await companyDayIn(q);
  const kyc = await kycKinds(q, investorId);
  const have = new Set(kyc?.kinds ?? []);
  const kycCategory = (category: string, kinds: KycDocumentKind[]) => {
    const done = kinds.filter((k) => have.has(k)).length;
    const status: ComplianceCategoryStatus =
      kyc?.status === 'approved' && done === kinds.length
        ? 'Complete'
        : kyc?.status === 'in_review'
          ? 'In Review'
          : kyc?.status === 'rejected'
            ? 'Action Required'
            : 'In Progress';
    return {
      category,
      status,
      progress: Math.round((done / kinds.length) * 100),
      items: kinds.map((k) => ({ label: KYC_DOCUMENT_LABELS[k], done: have.has(k) })),
    };
  };

  const review = await latestSuitabilityReview(q, investorId);
  const openedAt = await accountOpenedAt(q, investorId);
  // Without a review yet, the first one is due 30 days after the account opened.
  const opened = openedAt && zone ? todayIso(zone, openedAt) : day;
  const dueDate = review?.nextDue ?? addDays(opened, 30);
  const daysRemaining = daysUntil(dueDate, day);
  const reviewStatus = review ? dueStatus(daysRemaining) : daysRemaining < 0 ? 'Overdue' : 'In Progress';

  // Generated capital account statements belong on the Statements screen, not here.
  const documents = await addressedDocuments(q, investorId);
  const docStatus = (exp: string | null): 'Current' | 'Expired' | 'Expiring' => {
    const e = documentExpiry(exp, day);
    return e.state === 'expired' ? 'Expired' : e.state === 'expiring' ? 'Expiring' : 'Current';
  };
  const annualItems = [
    { label: 'Annual suitability review', done: suitabilityReviewCurrent(review?.nextDue, day) },
    {
      label: 'Current client documents on file',
      done: documents.length > 0 && documents.every((d) => docStatus(d.expirationDate) !== 'Expired'),
    },
  ];
  const annualDone = annualItems.filter((i) => i.done).length;
  const anyExpiring = documents.some((d) => docStatus(d.expirationDate) === 'Expiring');
  const annualStatus: ComplianceCategoryStatus =
    reviewStatus === 'Overdue' || documents.some((d) => docStatus(d.expirationDate) === 'Expired')
      ? 'Overdue'
      : reviewStatus === 'Due Soon' || anyExpiring
        ? 'Due Soon'
        : annualDone === annualItems.length
          ? 'Complete'
          : 'In Progress';

  const answers = review?.answers ?? null;
  const settings = await getSettings(q);
  const classification = await classificationStatus(q, investorId, day);
  return {
    categories: [
      kycCategory('Identity Verification', ['passport', 'address_proof']),
      kycCategory('Financial Suitability', ['financial_statements', 'source_of_funds']),
      {
        category: 'Risk Assessment',
        status: review ? (reviewStatus === 'Overdue' ? 'Overdue' : 'Complete') : 'In Progress',
        progress: review ? 100 : 0,
        items: [
          { label: `Investment experience${answers ? `: ${answers.experience}` : ''}`, done: Boolean(answers) },
          { label: `Risk tolerance${answers ? `: ${answers.riskTolerance}` : ''}`, done: Boolean(answers) },
          { label: `Net-worth band${answers ? `: ${answers.netWorthBand.replace(/_/g, ' ')}` : ''}`, done: Boolean(answers) },
          { label: `Investment horizon${answers ? `: ${answers.investmentHorizon.replace(/_/g, ' ')}` : ''}`, done: Boolean(answers) },
        ],
      },
      {
        category: 'Annual Documentation',
        status: annualStatus,
        progress: Math.round((annualDone / annualItems.length) * 100),
        items: annualItems,
      },
    ],
    review: { dueDate, daysRemaining, lastCompletedAt: review ? review.completedAt.toISOString() : null, answers },
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      type: d.type,
      date: d.uploadDate.toISOString(),
      status: docStatus(d.expirationDate),
      extension: d.extension,
    })),
    regulatory: {
      authorization: settings.regulatorAuthorization,
      licenseNumber: settings.licenseNumber,
      // The investor's own classification (issue 31, decision 037), no longer the company-wide label.
      classification:
        answers && failedProfessionalCriteria(answers).length > 0 ? REVIEW_REQUIRED : CLASSIFICATION_LABELS[classification.state],
      classificationReview: classification.row?.reviewDue ? `Review due ${classification.row.reviewDue}` : '',
      contactName: settings.complianceContactName,
      contactEmail: settings.complianceContactEmail,
      contactPhone: settings.complianceContactPhone,
    },
  };
}

/** Records the annual suitability review; the next one is due a year after today. */
export async function completeSuitabilityReview(
  q: Queryable,
  investorId: string,
  answers: z.output<typeof suitabilityInput>,
  ip: string,
  today?: string,
) {
  const day = today ?? (await companyDayIn(q)).today;
  // A year after today in the company's zone (shared/suitability: how long a review stays current).
  const nextDue = suitabilityReviewDue(day);
  await insertSuitabilityReview(q, investorId, answers, nextDue);
  await logActivity(q, {
    type: 'suitability_review_completed',
    userId: investorId,
    targetUserId: investorId,
    details: { nextDue },
    ip,
  });
  // Below the professional-client criteria: 'Review required', new subscriptions on hold, and
  // the admins are told (this entry; the investor is flagged on Investor Onboarding).
  const failed = failedProfessionalCriteria(answers);
  if (failed.length > 0) {
    await logActivity(q, {
      type: 'suitability_review_required',
      userId: investorId,
      targetUserId: investorId,
      details: { reason: `Fails the DFSA Professional Client criteria: ${failed.join(', ')}`, failed },
      ip,
    });
  }
}
