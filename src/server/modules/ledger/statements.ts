import PDFDocument from 'pdfkit';
import {
  balancesAsOf,
  type EntryFacts,
  holdingFigures,
  type InvestorCallNotice,
  RETURN_OF_CAPITAL,
  type ValuationFacts,
} from '../../../shared/ledger.ts';
import { formatIrr, formatMoic, formatUsdExact, fromCents, toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { notFound } from '../../http/errors.ts';
import { getSettings } from '../settings/service.ts';
import { dealFacts } from './service.ts';

/** The day before an ISO date. */
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export interface StatementDeal {
  dealTitle: string;
  opening: string;
  calls: string;
  contributions: string;
  distributions: { type: string; amount: string }[];
  /** Each distribution of the period with the investor's own tier breakdown (null: recorded before terms existed). */
  distributionDetails: {
    paymentDate: string;
    type: string;
    amount: string;
    tiers: { returnOfCapital: string; preferredReturn: string; catchUp: string; carriedInterest: string } | null;
    /** Accrued management fees taken from this distribution (decision 009). */
    feeDeducted: string;
  }[];
  fees: string;
  closing: string;
  committed: string;
  unfunded: string;
  nav: string;
  moic: number | null;
  irr: number | null;
}

export interface Statement {
  investorName: string;
  investorEmail: string;
  from: string;
  to: string;
  deals: StatementDeal[];
  totals: { opening: string; contributions: string; distributions: string; fees: string; closing: string; nav: string };
}

/**
 * An investor's capital account for a period. The balance is the net capital account at cost:
 * contributions - distributions - fees; opening is as of the day before `from`, closing as of `to`.
 */
type ValuationRow = { deal_id: string; valuation_date: string; current_value: string };

/**
 * A statement run's cache of each deal's ledger facts and valuations: every statement of a deal
 * needs all its holders' entries (ownership on valuation dates), so a run loads each deal once
 * instead of once per investor.
 */
export interface StatementCache {
  facts: Map<string, Map<string, EntryFacts[]>>;
  valuations: Map<string, ValuationRow[]>;
}
export const newStatementCache = (): StatementCache => ({ facts: new Map(), valuations: new Map() });

export async function buildStatement(
  q: Queryable,
  investorId: string,
  from: string,
  to: string,
  cache?: StatementCache,
): Promise<Statement> {
  const who = await sql<{ name: string; email: string }>("SELECT name, email FROM profiles WHERE id = $1 AND role = 'investor'").first(q, [
    investorId,
  ]);
  if (!who) throw notFound('Investor not found');
  const deals = await sql<{ id: string; title: string }>(
    'SELECT d.id, d.title FROM deals d WHERE d.id IN (SELECT DISTINCT deal_id FROM ledger_entries WHERE investor_id = $1) ORDER BY d.title',
  ).all(q, [investorId]);
  const c = cache ?? newStatementCache();
  const missing = deals.map((d) => d.id).filter((id) => !c.facts.has(id));
  if (missing.length > 0) {
    const fetched = await dealFacts(q, missing);
    const rows =
      await sql<ValuationRow>(`SELECT deal_id, to_char(valuation_date, 'YYYY-MM-DD') AS valuation_date, current_value FROM valuations
        WHERE deal_id = ANY($1::uuid[]) ORDER BY valuation_date, created_at`).all(q, [missing]);
    for (const id of missing) {
      c.facts.set(id, fetched.get(id) ?? new Map());
      c.valuations.set(
        id,
        rows.filter((v) => v.deal_id === id),
      );
    }
  }
  const facts = c.facts;
  const vals = deals.flatMap((d) => c.valuations.get(d.id) ?? []);
  const details = deals.length
    ? await sql<{
        deal_id: string;
        payment_date: string;
        type: string;
        amount: string;
        return_of_capital: string | null;
        preferred_return: string | null;
        catch_up: string | null;
        carried_interest: string | null;
        fee_deducted: string;
      }>(`SELECT x.deal_id, to_char(x.payment_date, 'YYYY-MM-DD') AS payment_date, x.type, x.amount::text AS amount,
                x.return_of_capital::text AS return_of_capital, x.preferred_return::text AS preferred_return,
                x.catch_up::text AS catch_up, x.carried_interest::text AS carried_interest,
                x.fee_deducted::text AS fee_deducted
           FROM distributions x
          WHERE x.investor_id = $1 AND x.payment_date BETWEEN $2::date AND $3::date
          ORDER BY x.payment_date, x.id`).all(q, [investorId, from, to])
    : [];
  const prev = dayBefore(from);
  const out: StatementDeal[] = [];
  const t = { opening: 0n, contributions: 0n, distributions: 0n, fees: 0n, closing: 0n, nav: 0n };
  for (const d of deals) {
    const entries: Map<string, EntryFacts[]> = facts.get(d.id) ?? new Map();
    const mine = entries.get(investorId) ?? [];
    const open = balancesAsOf(mine, prev);
    const close = balancesAsOf(mine, to);
    if (!mine.some((e) => e.date <= to)) continue;
    const net = (b: typeof open) => b.contributed - b.distributed - b.fees;
    const inPeriod = mine.filter((e) => e.date >= from && e.date <= to);
    const byType = new Map<string, bigint>();
    for (const e of inPeriod) {
      const kind = e.kind === 'reversal' ? e.reversedKind : e.kind;
      if (kind !== 'distribution') continue;
      const type = e.distributionType ?? 'Distribution';
      byType.set(type, (byType.get(type) ?? 0n) + (e.kind === 'reversal' ? -e.cents : e.cents));
    }
    const valuations: ValuationFacts[] = vals
      .filter((v) => v.deal_id === d.id)
      .map((v) => ({ date: v.valuation_date, cents: toCents(v.current_value) }));
    const fig = holdingFigures(investorId, entries, valuations, to);
    const row: StatementDeal = {
      dealTitle: d.title,
      opening: fromCents(net(open)),
      calls: fromCents(close.called - open.called),
      contributions: fromCents(close.contributed - open.contributed),
      distributions: [...byType.entries()]
        .sort(([a], [b]) => (a === RETURN_OF_CAPITAL ? -1 : b === RETURN_OF_CAPITAL ? 1 : a.localeCompare(b)))
        .map(([type, c]) => ({ type, amount: fromCents(c) })),
      distributionDetails: details
        .filter((x) => x.deal_id === d.id)
        .map((x) => ({
          paymentDate: x.payment_date,
          type: x.type,
          amount: x.amount,
          feeDeducted: x.fee_deducted,
          tiers:
            x.return_of_capital === null
              ? null
              : {
                  returnOfCapital: x.return_of_capital,
                  preferredReturn: x.preferred_return ?? '0.00',
                  catchUp: x.catch_up ?? '0.00',
                  carriedInterest: x.carried_interest ?? '0.00',
                },
        })),
      fees: fromCents(close.fees - open.fees),
      closing: fromCents(net(close)),
      committed: fromCents(close.committed),
      unfunded: fromCents(close.unfunded),
      nav: fromCents(fig.nav),
      moic: fig.moic,
      irr: fig.irr,
    };
    out.push(row);
    t.opening += net(open);
    t.contributions += close.contributed - open.contributed;
    t.distributions += close.distributed - open.distributed;
    t.fees += close.fees - open.fees;
    t.closing += net(close);
    t.nav += fig.nav;
  }
  return {
    investorName: who.name,
    investorEmail: who.email,
    from,
    to,
    deals: out,
    totals: {
      opening: fromCents(t.opening),
      contributions: fromCents(t.contributions),
      distributions: fromCents(t.distributions),
      fees: fromCents(t.fees),
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

/** A label and its value on one row; `labelWidth` narrows the label column for long values (IBANs, names). */
const line = (doc: PDFKit.PDFDocument, label: string, value: string, labelWidth = 300) => {
  const y = doc.y;
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(label, 50, y, { width: labelWidth - 10 });
  const labelBottom = doc.y;
  doc.text(value, 50 + labelWidth, y, { width: 495 - labelWidth, align: 'right' });
  doc.y = Math.max(doc.y, labelBottom);
  doc.moveDown(0.3);
};

export async function statementPdf(q: Queryable, s: Statement): Promise<Buffer> {
  const company = (await getSettings(q)).companyName;
  return render((doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text(company);
    doc.moveDown(0.3).fontSize(13).text('Capital Account Statement');
    doc.font('Helvetica').fontSize(10).text(`${s.investorName} (${s.investorEmail})`);
    doc.text(`Period: ${s.from} to ${s.to}`);
    doc.moveDown();
    for (const d of s.deals) {
      doc.font('Helvetica-Bold').fontSize(11).text(d.dealTitle, 50);
      doc.moveDown(0.3);
      line(doc, 'Opening balance', formatUsdExact(d.opening));
      line(doc, 'Capital called', formatUsdExact(d.calls));
      line(doc, 'Contributions', formatUsdExact(d.contributions));
      for (const x of d.distributions) line(doc, `Distributions: ${x.type}`, `-${formatUsdExact(x.amount)}`);
      line(doc, 'Fees and expenses', `-${formatUsdExact(d.fees)}`);
      if (d.distributionDetails.length > 0) {
        doc.font('Helvetica-Bold').fontSize(10).text('Your distributions by waterfall tier', 50);
        doc.moveDown(0.3);
        for (const x of d.distributionDetails) {
          line(doc, `${x.paymentDate} ${x.type}`, formatUsdExact(x.amount));
          if (x.tiers) {
            line(doc, '    Return of capital', formatUsdExact(x.tiers.returnOfCapital));
            line(doc, '    Preferred return', formatUsdExact(x.tiers.preferredReturn));
            line(doc, '    Catch-up', formatUsdExact(x.tiers.catchUp));
            line(doc, '    Carried interest (your share)', formatUsdExact(x.tiers.carriedInterest));
          } else {
            line(doc, '    Pro rata (recorded before deal terms)', formatUsdExact(x.amount));
          }
          if (toCents(x.feeDeducted) > 0n) {
            line(doc, '    Management fees deducted', `-${formatUsdExact(x.feeDeducted)}`);
            line(doc, '    Paid to you', formatUsdExact(fromCents(toCents(x.amount) - toCents(x.feeDeducted))));
          }
        }
      }
      line(doc, 'Closing balance', formatUsdExact(d.closing));
      line(doc, 'Commitment / unfunded', `${formatUsdExact(d.committed)} / ${formatUsdExact(d.unfunded)}`);
      line(doc, `Net asset value at ${s.to}`, formatUsdExact(d.nav));
      line(doc, 'MOIC / IRR', `${formatMoic(d.moic)} / ${formatIrr(d.irr)}`);
      doc.moveDown(0.6);
    }
    if (s.deals.length === 0) doc.text('No capital account activity in this period.', 50).moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text('All holdings', 50);
    doc.moveDown(0.3);
    line(doc, 'Total opening balance', formatUsdExact(s.totals.opening));
    line(doc, 'Total contributions', formatUsdExact(s.totals.contributions));
    line(doc, 'Total distributions', `-${formatUsdExact(s.totals.distributions)}`);
    line(doc, 'Total fees and expenses', `-${formatUsdExact(s.totals.fees)}`);
    line(doc, 'Total closing balance', formatUsdExact(s.totals.closing));
    line(doc, 'Total net asset value', formatUsdExact(s.totals.nav));
    doc.moveDown();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(
        'Balance = contributions - distributions - fees, at cost. Net asset value: your share of the latest valuation by your ownership on its date.',
        50,
      );
  }, `Capital account statement ${s.from} to ${s.to}`);
}

export async function callNoticePdf(q: Queryable, investorName: string, n: InvestorCallNotice): Promise<Buffer> {
  const company = (await getSettings(q)).companyName;
  return render(
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(16).text(company);
      doc
        .moveDown(0.3)
        .fontSize(13)
        .text(n.feeCharge ? 'Management Fee Notice' : 'Capital Call Notice');
      if (n.feeCharge)
        doc.font('Helvetica').fontSize(10).text('This notice is for fees. Paying it does not reduce your unfunded commitment.');
      doc.font('Helvetica').fontSize(10).text(`To: ${investorName}`);
      doc.text(`Deal: ${n.dealTitle}`);
      doc.text(`Call date: ${n.callDate}`);
      doc.moveDown();
      line(doc, 'Amount due', formatUsdExact(n.amountDue));
      line(doc, 'Received to date', formatUsdExact(n.received));
      line(doc, 'Outstanding', formatUsdExact(n.outstanding));
      line(doc, 'Due date', n.dueDate);
      line(doc, 'Status', n.status);
      doc.moveDown(0.5);
      doc.font('Helvetica-Bold').text('Purpose', 50);
      doc.font('Helvetica').text(n.purpose, 50);
      doc.moveDown();
      doc.font('Helvetica-Bold').text('Payment instructions', 50);
      doc.moveDown(0.3);
      const p = n.payment;
      line(doc, 'SPV', p.spvName ?? '—', 150);
      line(doc, 'Bank', p.bankName ?? '—', 150);
      line(doc, 'Account name', p.accountName ?? '—', 150);
      line(doc, 'Account number / IBAN', p.accountNumber ?? '—', 150);
      line(doc, 'SWIFT / BIC', p.swiftCode ?? '—', 150);
      line(doc, 'Payment reference', p.paymentReference ?? '—', 150);
    },
    `${n.feeCharge ? 'Management fee notice' : 'Capital call notice'} ${n.dealTitle}`,
  );
}

export const pdfFileName = (base: string) =>
  `${
    base
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'document'
  }.pdf`;
