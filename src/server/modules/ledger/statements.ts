import PDFDocument from 'pdfkit';
import { companyProfileOf } from '../../../shared/company-profile.ts';
import { addDays } from '../../../shared/dates.ts';
import { formatDate, groupDecimal } from '../../../shared/format.ts';
import { isolate, type Language } from '../../../shared/i18n/languages.ts';
import {
  balancesAsOf,
  type EntryFacts,
  holdingFigures,
  type InvestorCallNotice,
  paidFromOutsideTheDeal,
  RETURN_OF_CAPITAL,
  rollForward,
  type UnitsFigures,
  unitsFigures,
  type ValuationFacts,
} from '../../../shared/ledger.ts';
import { formatIrr, formatMoic, formatUsdDeduction, formatUsdExact, fromCents, toCents } from '../../../shared/money.ts';
import type { OwnershipMethod } from '../../../shared/ownership.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { enumLabel, languageFor, localeOf, translator } from '../../i18n.ts';
import { getSettings } from '../settings/service.ts';
import { ownershipMethods } from './ownership-repository.ts';
import type { PdfRenderer } from './pdf-pool.ts';
import { arabicWriter, englishWriter, type PdfWriter } from './pdf-writer.ts';
import { dealFacts } from './service.ts';
import {
  dealsOfInvestor,
  investorProfile,
  paidDistributions,
  scheduledDistributions,
  type ValuationRow,
  valuationRows,
} from './statements-repository.ts';

export interface StatementDeal {
  dealTitle: string;
  opening: string;
  calls: string;
  contributions: string;
  distributions: { type: string; amount: string }[];
  /**
   * Income paid to the investor from outside the deal's assets (equalisation interest, a GP
   * clawback; decisions 040 and 058): it leaves the balance alone, so it is listed apart, not as
   * a deduction, and is no change in value.
   */
  incomeApart: { type: string; amount: string }[];
  /** Each distribution of the period with the investor's own tier breakdown (null: recorded before terms existed). */
  distributionDetails: {
    paymentDate: string;
    type: string;
    amount: string;
    tiers: { returnOfCapital: string; preferredReturn: string; catchUp: string; carriedInterest: string } | null;
    /** Accrued management fees taken from this distribution (decision 009). */
    feeDeducted: string;
  }[];
  /** Fees charged in the period: settled apart (a fee call or a deduction), not in the balance. */
  fees: string;
  /** Change in value over the period: closing - opening - contributions + distributions (decision 023). */
  change: string;
  /** The net asset value at the period's end (the roll-forward): the capital account balance. */
  closing: string;
  committed: string;
  unfunded: string;
  nav: string;
  moic: number | null;
  /** Annualised IRR to the period's end; null below one year of history (then periodReturn). */
  irr: number | null;
  periodReturn: number | null;
  annualised: boolean;
  /** On a deal by units at NAV (decision 040): units held, NAV per unit and average price paid at the period's end. */
  units: UnitsFigures | null;
}

/** A distribution of the period not yet paid: listed apart, never in a balance. */
export interface ScheduledItem {
  dealTitle: string;
  paymentDate: string;
  type: string;
  amount: string;
}

export interface Statement {
  investorName: string;
  investorEmail: string;
  /** The investor's own language (issue 16); null follows the company default. */
  investorLanguage: string | null;
  from: string;
  to: string;
  deals: StatementDeal[];
  /** Distributions with a payment date in the period that are not paid: not in any balance. */
  scheduled: ScheduledItem[];
  totals: {
    opening: string;
    contributions: string;
    distributions: string;
    fees: string;
    change: string;
    closing: string;
    nav: string;
  };
}

/**
 * An investor's capital account for a period (decision 023). The balance is the roll-forward net
 * asset value (`rollForward` in shared/ledger.ts, the same as every screen and export): opening
 * as of the day before `from`, closing as of `to`; opening + contributions - paid distributions +
 * change in value = closing. Only paid distributions are in it; unpaid ones of the period are
 * listed apart. Fees are shown for the period but settled apart from the balance.
 */

/**
 * A statement run's cache of each deal's ledger facts and valuations: every statement of a deal
 * needs all its holders' entries (ownership on valuation dates), so a run loads each deal once
 * instead of once per investor.
 */
export interface StatementCache {
  facts: Map<string, Map<string, EntryFacts[]>>;
  valuations: Map<string, ValuationRow[]>;
  /** Each deal's ownership method (decision 040). */
  methods: Map<string, OwnershipMethod>;
}
export const newStatementCache = (): StatementCache => ({ facts: new Map(), valuations: new Map(), methods: new Map() });

export async function buildStatement(
  q: Queryable,
  investorId: string,
  from: string,
  to: string,
  cache?: StatementCache,
): Promise<Statement> {
  const who = await investorProfile(q, investorId);
  if (!who) throw notFound('Investor not found');
  const deals = await dealsOfInvestor(q, investorId);
  const c = cache ?? newStatementCache();
  const missing = deals.map((d) => d.id).filter((id) => !c.facts.has(id));
  if (missing.length > 0) {
    const fetched = await dealFacts(q, missing);
    for (const [id, m] of await ownershipMethods(q, missing)) c.methods.set(id, m);
    const rows = await valuationRows(q, missing);
    for (const id of missing) {
      c.facts.set(id, fetched.get(id) ?? new Map());
      c.valuations.set(
        id,
        rows.filter((v) => v.dealId === id),
      );
    }
  }
  const facts = c.facts;
  const vals = deals.flatMap((d) => c.valuations.get(d.id) ?? []);
  const details = deals.length ? await paidDistributions(q, investorId, from, to) : [];
  const scheduled = await scheduledDistributions(q, investorId, from, to);
  const prev = addDays(from, -1);
  const out: StatementDeal[] = [];
  const t = { opening: 0n, contributions: 0n, distributions: 0n, fees: 0n, change: 0n, closing: 0n, nav: 0n };
  for (const d of deals) {
    const entries: Map<string, EntryFacts[]> = facts.get(d.id) ?? new Map();
    const mine = entries.get(investorId) ?? [];
    const open = balancesAsOf(mine, prev);
    const close = balancesAsOf(mine, to);
    if (!mine.some((e) => e.date <= to)) continue;
    const inPeriod = mine.filter((e) => e.date >= from && e.date <= to);
    const byType = new Map<string, bigint>();
    for (const e of inPeriod) {
      const kind = e.kind === 'reversal' ? e.reversedKind : e.kind;
      if (kind !== 'distribution') continue;
      const type = e.distributionType ?? 'Distribution';
      byType.set(type, (byType.get(type) ?? 0n) + (e.kind === 'reversal' ? -e.cents : e.cents));
    }
    const valuations: ValuationFacts[] = vals
      .filter((v) => v.dealId === d.id)
      .map((v) => ({ date: v.valuationDate, cents: toCents(v.currentValue) }));
    const method = c.methods.get(d.id);
    const fig = holdingFigures(investorId, entries, valuations, to, method);
    const openingNav = rollForward(investorId, entries, valuations, prev, method).nav;
    const contributed = close.contributed - open.contributed;
    const apart = [...byType].filter(([type]) => paidFromOutsideTheDeal(type)).reduce((sum, [, c]) => sum + c, 0n);
    const distributed = close.distributed - open.distributed - apart;
    const change = fig.nav - openingNav - contributed + distributed;
    const row: StatementDeal = {
      dealTitle: d.title,
      opening: fromCents(openingNav),
      calls: fromCents(close.called - open.called),
      contributions: fromCents(close.contributed - open.contributed),
      distributions: [...byType.entries()]
        .filter(([type]) => !paidFromOutsideTheDeal(type))
        .sort(([a], [b]) => (a === RETURN_OF_CAPITAL ? -1 : b === RETURN_OF_CAPITAL ? 1 : a.localeCompare(b)))
        .map(([type, c]) => ({ type, amount: fromCents(c) })),
      incomeApart: [...byType.entries()]
        .filter(([type, c]) => paidFromOutsideTheDeal(type) && c !== 0n)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([type, c]) => ({ type, amount: fromCents(c) })),
      distributionDetails: details
        .filter((x) => x.dealId === d.id)
        .map((x) => ({
          paymentDate: x.paymentDate,
          type: x.type,
          amount: x.amount,
          feeDeducted: x.feeDeducted,
          tiers:
            x.returnOfCapital === null
              ? null
              : {
                  returnOfCapital: x.returnOfCapital,
                  preferredReturn: x.preferredReturn ?? '0.00',
                  catchUp: x.catchUp ?? '0.00',
                  carriedInterest: x.carriedInterest ?? '0.00',
                },
        })),
      fees: fromCents(close.fees - open.fees),
      change: fromCents(change),
      closing: fromCents(fig.nav),
      committed: fromCents(close.committed),
      unfunded: fromCents(close.unfunded),
      nav: fromCents(fig.nav),
      moic: fig.moic,
      irr: fig.irr,
      periodReturn: fig.periodReturn,
      annualised: fig.annualised,
      units: method === 'units' ? unitsFigures(investorId, entries, valuations, to, fig.nav) : null,
    };
    out.push(row);
    t.opening += openingNav;
    t.contributions += contributed;
    t.distributions += distributed;
    t.fees += close.fees - open.fees;
    t.change += change;
    t.closing += fig.nav;
    t.nav += fig.nav;
  }
  return {
    investorName: who.name,
    investorEmail: who.email,
    investorLanguage: who.language,
    from,
    to,
    deals: out,
    scheduled: scheduled.map((x) => ({ dealTitle: x.title, paymentDate: x.paymentDate, type: x.type, amount: x.amount })),
    totals: {
      opening: fromCents(t.opening),
      contributions: fromCents(t.contributions),
      distributions: fromCents(t.distributions),
      fees: fromCents(t.fees),
      change: fromCents(t.change),
      closing: fromCents(t.closing),
      nav: fromCents(t.nav),
    },
  };
}

function render(draw: (doc: PDFKit.PDFDocument) => void, title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Producer: 'Meridian Syndicate' }, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

/**
 * How a PDF writes in its reader's language (issue 16): English in Helvetica; Arabic right to left,
 * amounts and ratios isolated left to right so a minus sign or a ' / ' pair keeps its place. Dates
 * in both through the format module in the reader's display locale ('3 Jul 2026'; Arabic month
 * names, Western digits: decision 021).
 */
function pdfLanguage(language: Language) {
  const t = translator(language, 'email');
  const ar = language === 'ar';
  const ltr = (v: string) => (ar ? `\u2066${v}\u2069` : v);
  return {
    language,
    t: (key: string, values?: Record<string, string>) =>
      t(`pdf.${key}`, values && ar ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isolate(v)])) : values),
    money: (v: string) => ltr(formatUsdExact(v)),
    /** An amount out of the account, with its minus ('-$25.50'; zero unsigned: '$0.00'). */
    deduction: (v: string) => ltr(formatUsdDeduction(v)),
    plain: ltr,
    day: (iso: string) => formatDate(iso, { locale: localeOf(language) }),
    // English shows the stored value, except distribution types whose label says more ('Equalisation interest').
    label: (group: string, value: string) => (ar || group === 'distributionType' ? enumLabel(language, group, value) : value),
    writer: (doc: PDFKit.PDFDocument): PdfWriter => (ar ? arabicWriter(doc) : englishWriter(doc)),
  };
}

/**
 * What a document says about the firm, from the company profile (issue 26): the trading name,
 * the legal name, registered office and DFSA licence under it, the disclaimer at the foot in the
 * document's language. A value not set is left out, never a placeholder.
 */
export interface FirmLines {
  companyName: string;
  legalName: string;
  registeredOffice: string;
  licenseNumber: string;
  disclaimer: string;
}

/** A document to draw: plain data only, so that a worker thread can draw it (decision 026). */
export type DocumentJob =
  | { kind: 'statement'; language: Language; firm: FirmLines; statement: Statement }
  | { kind: 'callNotice'; language: Language; firm: FirmLines; investorName: string; notice: InvestorCallNotice };

function firmLines(settings: Settings, language: Language): FirmLines {
  const profile = companyProfileOf(settings);
  return {
    companyName: profile.companyName,
    legalName: profile.legalName,
    registeredOffice: profile.registeredOffice,
    licenseNumber: profile.licenseNumber,
    disclaimer: language === 'ar' ? profile.disclaimer.ar : profile.disclaimer.en,
  };
}

/** The firm's name, and under it its legal name, registered office and licence (those set). */
function drawFirmHeader(w: PdfWriter, L: ReturnType<typeof pdfLanguage>, firm: FirmLines) {
  w.text(firm.companyName, { bold: true, size: 16 });
  const lines = [
    firm.legalName,
    firm.registeredOffice ? L.t('firm.registeredOffice', { address: firm.registeredOffice }) : '',
    firm.licenseNumber ? L.t('firm.licence', { number: firm.licenseNumber }) : '',
  ].filter(Boolean);
  for (const line of lines) w.text(line, { size: 8, color: '#555555' });
  w.moveDown(0.3);
}

/** The disclaimer closes the document. */
function drawDisclaimer(w: PdfWriter, firm: FirmLines) {
  if (!firm.disclaimer) return;
  w.moveDown();
  w.text(firm.disclaimer, { size: 7, color: '#555555' });
}

/** Draws a document from its data (in a document worker: pdf-pool.ts). */
export function renderDocument(job: DocumentJob): Promise<Buffer> {
  return job.kind === 'statement' ? drawStatement(job) : drawCallNotice(job);
}

/** A statement's PDF, drawn by the document pool (`background`: a statement run's, never refused). */
export async function statementPdf(q: Queryable, s: Statement, pdfs: PdfRenderer, opts: { background?: boolean } = {}): Promise<Buffer> {
  const settings = await getSettings(q);
  const language = languageFor(s.investorLanguage, settings.language);
  return pdfs.render({ kind: 'statement', language, firm: firmLines(settings, language), statement: s }, opts);
}

function drawStatement({ language, firm, statement: s }: Extract<DocumentJob, { kind: 'statement' }>): Promise<Buffer> {
  const L = pdfLanguage(language);
  const { t, money } = L;
  return render(
    (doc) => {
      const w = L.writer(doc);
      drawFirmHeader(w, L, firm);
      w.text(t('statement.title'), { bold: true, size: 13, color: '#000000' });
      w.text(t('statement.investor', { name: s.investorName, email: s.investorEmail }), { size: 10 });
      w.text(t('statement.period', { from: L.day(s.from), to: L.day(s.to) }));
      w.moveDown();
      for (const d of s.deals) {
        w.text(d.dealTitle, { bold: true, size: 11, keepWithNext: 3 });
        w.moveDown(0.3);
        w.row(t('statement.opening'), money(d.opening));
        w.row(t('statement.called'), money(d.calls));
        w.row(t('statement.contributions'), money(d.contributions));
        for (const x of d.distributions)
          w.row(t('statement.distributionsOf', { type: L.label('distributionType', x.type) }), L.deduction(x.amount));
        w.row(t('statement.change'), money(d.change));
        if (d.distributionDetails.length > 0) {
          w.text(t('statement.byTier'), { bold: true, size: 10, keepWithNext: 2 });
          w.moveDown(0.3);
          for (const x of d.distributionDetails) {
            w.row(t('statement.tierLine', { date: L.day(x.paymentDate), type: L.label('distributionType', x.type) }), money(x.amount));
            if (x.tiers) {
              w.row(t('statement.returnOfCapital'), money(x.tiers.returnOfCapital));
              w.row(t('statement.preferredReturn'), money(x.tiers.preferredReturn));
              w.row(t('statement.catchUp'), money(x.tiers.catchUp));
              w.row(t('statement.carriedInterest'), money(x.tiers.carriedInterest));
            } else {
              w.row(t('statement.proRata'), money(x.amount));
            }
            if (toCents(x.feeDeducted) > 0n) {
              w.row(t('statement.feesDeducted'), L.deduction(x.feeDeducted));
              w.row(t('statement.paidToYou'), money(fromCents(toCents(x.amount) - toCents(x.feeDeducted))));
            }
          }
        }
        w.row(t('statement.closing'), money(d.closing));
        if (toCents(d.fees) !== 0n) w.row(t('statement.feesApart'), money(d.fees));
        for (const x of d.incomeApart) w.row(t('statement.incomeApart', { type: L.label('distributionType', x.type) }), money(x.amount));
        w.row(t('statement.commitment'), `${money(d.committed)} / ${money(d.unfunded)}`);
        w.row(t('statement.nav', { date: L.day(s.to) }), money(d.nav));
        if (d.units)
          w.row(t('statement.units'), L.plain(`${groupDecimal(d.units.held)} / ${d.units.navPerUnit} / ${d.units.averagePrice}`));
        w.row(
          d.annualised ? t('statement.moicIrr') : t('statement.moicPeriodReturn'),
          `${L.plain(formatMoic(d.moic))} / ${L.plain(formatIrr(d.annualised ? d.irr : d.periodReturn))}`,
        );
        w.moveDown(0.6);
      }
      if (s.deals.length === 0) {
        w.text(t('statement.none'));
        w.moveDown();
      }
      w.text(t('statement.allHoldings'), { bold: true, size: 11, keepWithNext: 3 });
      w.moveDown(0.3);
      w.row(t('statement.totalOpening'), money(s.totals.opening));
      w.row(t('statement.totalContributions'), money(s.totals.contributions));
      w.row(t('statement.totalDistributions'), L.deduction(s.totals.distributions));
      w.row(t('statement.totalChange'), money(s.totals.change));
      w.row(t('statement.totalClosing'), money(s.totals.closing));
      w.row(t('statement.totalNav'), money(s.totals.nav));
      if (toCents(s.totals.fees) !== 0n) w.row(t('statement.totalFeesApart'), money(s.totals.fees));
      w.moveDown();
      if (s.scheduled.length > 0) {
        // Not paid: never in a balance above (decision 023).
        w.text(t('statement.scheduled'), { bold: true, size: 11, keepWithNext: 2 });
        w.moveDown(0.3);
        for (const x of s.scheduled)
          w.row(
            t('statement.scheduledLine', { date: L.day(x.paymentDate), deal: x.dealTitle, type: L.label('distributionType', x.type) }),
            money(x.amount),
          );
        w.moveDown();
      }
      w.text(t('statement.footnote'), { size: 8, color: '#555555' });
      drawDisclaimer(w, firm);
    },
    t('statement.documentTitle', { from: s.from, to: s.to }),
  );
}

/** A capital call notice's PDF, drawn by the document pool. */
export async function callNoticePdf(
  q: Queryable,
  pdfs: PdfRenderer,
  investorName: string,
  n: InvestorCallNotice,
  investorLanguage: string | null = null,
): Promise<Buffer> {
  const settings = await getSettings(q);
  const language = languageFor(investorLanguage, settings.language);
  return pdfs.render({ kind: 'callNotice', language, firm: firmLines(settings, language), investorName, notice: n });
}

function drawCallNotice({ language, firm, investorName, notice: n }: Extract<DocumentJob, { kind: 'callNotice' }>): Promise<Buffer> {
  const L = pdfLanguage(language);
  const { t, money } = L;
  return render(
    (doc) => {
      const w = L.writer(doc);
      drawFirmHeader(w, L, firm);
      w.text(n.feeCharge ? t('callNotice.managementFee') : t('callNotice.capitalCall'), { bold: true, size: 13, color: '#000000' });
      if (n.feeCharge) w.text(t('callNotice.feesOnly'), { size: 10 });
      w.text(t('callNotice.to', { name: investorName }), { size: 10 });
      w.text(t('callNotice.deal', { deal: n.dealTitle }));
      w.text(t('callNotice.callDate', { date: L.day(n.callDate) }));
      w.moveDown();
      w.row(t('callNotice.amountDue'), money(n.amountDue));
      w.row(t('callNotice.received'), money(n.received));
      w.row(t('callNotice.outstanding'), money(n.outstanding));
      w.row(t('callNotice.dueDate'), L.day(n.dueDate));
      w.row(t('callNotice.status'), L.label('callLineStatus', n.status));
      w.moveDown(0.5);
      w.text(t('callNotice.purpose'), { bold: true, keepWithNext: 1 });
      w.text(n.purpose);
      w.moveDown();
      if (n.status === 'Cancelled') {
        // A cancelled line (its call entry reversed, decision record 024) is owed nothing: the
        // notice says so and carries no bank details to pay by mistake (issue 27 item 3 audit).
        w.text(t('callNotice.cancelled'), { bold: true });
        drawDisclaimer(w, firm);
        return;
      }
      w.text(t('callNotice.payment'), { bold: true, keepWithNext: 2 });
      w.moveDown(0.3);
      const p = n.payment;
      w.row(t('callNotice.spv'), p.spvName ?? '—', 150);
      w.row(t('callNotice.bank'), p.bankName ?? '—', 150);
      w.row(t('callNotice.accountName'), p.accountName ?? '—', 150);
      w.row(t('callNotice.accountNumber'), L.plain(p.accountNumber ?? '—'), 150);
      w.row(t('callNotice.swift'), L.plain(p.swiftCode ?? '—'), 150);
      w.row(t('callNotice.reference'), p.paymentReference ?? '—', 150);
      drawDisclaimer(w, firm);
    },
    n.feeCharge ? t('callNotice.managementFeeTitle', { deal: n.dealTitle }) : t('callNotice.capitalCallTitle', { deal: n.dealTitle }),
  );
}

export const pdfFileName = (base: string) =>
  `${
    base
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'document'
  }.pdf`;
