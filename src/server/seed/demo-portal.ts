import { Readable } from 'node:stream';
import { DAY_MS, isoInDays } from '../../shared/dates.ts';
import type { Config } from '../config.ts';
import type { MessageCipher } from '../crypto/cipher.ts';
import { type Db, one } from '../db/client.ts';
import { recordDistribution } from '../modules/distributions/service.ts';
import { storeDocument } from '../modules/documents/service.ts';
import { postMessage } from '../modules/messages/service.ts';
import { saveDealTerms } from '../modules/waterfall/service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { demoPdf } from './demo-pdf.ts';

const day = (offset: number) => isoInDays(offset);

/**
 * The investor portal's sample data for the demo investor (investor@demo.example.com),
 * with dates relative to today: completed, under-review and pending subscriptions; dated
 * valuations (Performing, On Track, Watch); paid, scheduled and pending distributions; secure
 * messages; the annual suitability review 21 days from due; four compliance documents.
 * A second holder (Kilimanjaro Family Office) makes the committed amounts match the pipeline.
 */
export async function loadDemoPortal(ctx: { db: Db; files: FileStore; config: Config; cipher: MessageCipher }): Promise<void> {
  const { db, files, cipher } = ctx;
  const id = async (email: string) => (await one<{ id: string }>(db, 'SELECT id FROM profiles WHERE email = $1', [email]))?.id;
  const deal = async (title: string) => (await one<{ id: string }>(db, 'SELECT id FROM deals WHERE title = $1', [title]))?.id;
  const sarah = await id('investor@demo.example.com');
  const kili = await id('kilimanjaro@demo.example.com');
  const cio = await id('cio@demo.example.com');
  const oil = await deal('Mombasa Diesel Cargo Financing');
  const office = await deal('Nairobi Distressed Office Tower');
  const ai = await deal('Kigali AI Credit Scoring Platform');
  if (!sarah || !kili || !cio || !oil || !office || !ai) return;

  await db.tx(async (q) => {
    const subs: [string, string, string, string, number][] = [
      // investor, deal, amount, status, completed days ago
      [sarah, oil, '250000', 'Completed', 300],
      [kili, oil, '625000', 'Completed', 290],
      [sarah, office, '150000', 'Completed', 200],
      [kili, office, '450000', 'Completed', 190],
      [sarah, ai, '300000', 'Completed', 150],
      [kili, ai, '900000', 'Completed', 140],
      [sarah, oil, '100000', 'Under Review', 5],
      [sarah, office, '50000', 'Pending', 2],
    ];
    for (const [investor, dealId, amount, status, ago] of subs) {
      const progress = status === 'Completed' ? 100 : status === 'Under Review' ? 60 : 25;
      await q.query(
        `INSERT INTO subscriptions (investor_id, deal_id, amount, status, progress, created_at, reviewed_at, completed_at)
         VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6 + 3), CASE WHEN $4 <> 'Pending' THEN now() - make_interval(days => $6) END,
                 CASE WHEN $4 = 'Completed' THEN now() - make_interval(days => $6) END)`,
        [investor, dealId, amount, status, progress, ago],
      );
    }
    // Committed = completed subscriptions (875,000 / 600,000 / 1,200,000 as on the pipeline).
    await q.query(
      `UPDATE deals d SET committed_amount = coalesce((SELECT sum(amount) FROM subscriptions s WHERE s.deal_id = d.id AND s.status = 'Completed'), 0)`,
    );
    const valuations: [string, number, string, string, string][] = [
      [oil, 270, '875000', '2027', 'Performing'],
      [oil, 90, '910000', '2027', 'Performing'],
      [oil, 10, '945000', '2027', 'Performing'],
      [office, 180, '600000', '2028', 'On Track'],
      [office, 20, '615000', '2028', 'On Track'],
      [ai, 120, '1200000', '2029', 'On Track'],
      [ai, 15, '1080000', '2029', 'Watch'],
    ];
    for (const [dealId, ago, value, exit, status] of valuations) {
      await q.query(
        `INSERT INTO valuations (deal_id, valuation_date, current_value, expected_exit, performance_status, created_by)
         VALUES ($1, current_date - $2::int, $3, $4, $5, $6)`,
        [dealId, ago, value, exit, status, cio],
      );
    }
    // Deal terms (decision 009): 8% preferred return, full catch-up, 20% carry; the office tower
    // has no hurdle (return of capital, then a straight 80/20 split).
    const gp = { kind: 'gp' as const, name: 'Meridian Syndicate GP Ltd', share: '100' };
    const typical = { hurdleRate: '8', catchUp: 'full' as const, carryRate: '20', managementFee: null };
    await saveDealTerms(q, oil, { ...typical, carryRecipients: [gp] }, cio, '127.0.0.1');
    await saveDealTerms(
      q,
      ai,
      {
        ...typical,
        carryRecipients: [
          { ...gp, share: '60' },
          { kind: 'admin', userId: cio, share: '40' },
        ],
        managementFee: { rate: '2', basis: 'commitments', method: 'capital_call' },
      },
      cio,
      '127.0.0.1',
    );
    await saveDealTerms(
      q,
      office,
      { hurdleRate: '0', catchUp: 'none', carryRate: '20', carryRecipients: [gp], managementFee: null },
      cio,
      '127.0.0.1',
    );
    // Distributions: paid in the past year, one pending (date come, not confirmed), two scheduled.
    const events: [string, string, string, number, boolean][] = [
      [oil, 'Income', '43750.00', -120, true],
      [office, 'Interest', '18000.00', -45, true],
      [ai, 'Dividend', '24000.00', -3, false],
      [oil, 'Income', '43750.00', 25, false],
      [office, 'Return of Capital', '60000.00', 70, false],
    ];
    for (const [dealId, type, total, offset, paid] of events) {
      const ev = await recordDistribution(
        q,
        { dealId, type: type as 'Income', totalAmount: total, paymentDate: day(offset) },
        cio,
        '127.0.0.1',
      );
      if (paid) {
        await q.query('UPDATE distribution_events SET paid_at = $2, paid_by = $3 WHERE id = $1', [
          ev.id,
          new Date(Date.now() + offset * DAY_MS),
          cio,
        ]);
        await q.query('UPDATE distributions SET paid_at = $2 WHERE event_id = $1', [ev.id, new Date(Date.now() + offset * DAY_MS)]);
      }
    }
    // The annual suitability review: last done 344 days ago, so 21 days remain today.
    await q.query(
      `INSERT INTO suitability_reviews (investor_id, answers, completed_at, next_due) VALUES ($1, $2, now() - interval '344 days', current_date + 21)`,
      [sarah, JSON.stringify({ experience: 'extensive', riskTolerance: 'medium', netWorthBand: '5m_25m', investmentHorizon: '5_10y' })],
    );
    await q.query("UPDATE documents SET investor_visible = true WHERE name = 'Mombasa Diesel Cargo PPM'");
  });

  // Four compliance documents addressed to the demo investor.
  for (const [name, type, expires] of [
    ['Client Classification Letter', 'Legal Structure', day(300)],
    ['Q3 Capital Account Statement', 'Financial Projections', null],
    ['Subscription Agreement - Mombasa Diesel', 'Subscription Agreement', null],
    ['Annual Suitability Assessment', 'Risk Assessment', day(21)],
  ] as const) {
    const temp = await files.writeTemp(Readable.from(demoPdf(`${name} - Sarah Mwangi (demo)`)));
    await storeDocument(
      db,
      files,
      { name, type, expirationDate: expires, dealId: null, investorVisible: false, investorId: sarah },
      temp,
      'pdf',
      cio,
      null,
    );
  }

  // Secure messages: two from the team (one High with an attachment, unread), one from the investor.
  const enc = cipher.encryptStream();
  const notice = await files.writeTemp(Readable.from(demoPdf('Distribution notice - Mombasa Diesel Cargo Financing (demo)')), enc.stream);
  await postMessage(db, files, cipher, {
    newThread: { investorId: sarah, subject: 'Upcoming distribution: Mombasa Diesel Cargo Financing', priority: 'High' },
    sender: { id: cio, role: 'admin' },
    body: 'Dear Sarah, the next income distribution for the Mombasa Diesel Cargo Financing SPV is scheduled. The notice with your allocation is attached. Please confirm your bank details are current.',
    attachment: { file: { temp: notice, filename: 'Distribution notice.pdf', extension: 'pdf' }, iv: enc.iv, tag: enc.authTag() },
    ip: '127.0.0.1',
  });
  const question = await postMessage(db, files, cipher, {
    newThread: { investorId: sarah, subject: 'Question about the AI platform valuation', priority: 'Normal' },
    sender: { id: sarah, role: 'investor' },
    body: 'Hello, I noticed the latest valuation of the Kigali AI Credit Scoring Platform went down. Could you share what drove the change?',
    ip: '127.0.0.1',
  });
  await postMessage(db, files, cipher, {
    threadId: question,
    sender: { id: cio, role: 'admin' },
    body: 'Thank you for asking. The valuation reflects slower loan-book growth this quarter; the board review is next month and we will share the minutes.',
    ip: '127.0.0.1',
  });
  await db.query('UPDATE messages SET read_by_investor = true WHERE thread_id = $1', [question]);
  await postMessage(db, files, cipher, {
    newThread: { investorId: sarah, subject: 'Your annual suitability review is due soon', priority: 'Normal' },
    sender: { id: cio, role: 'admin' },
    body: 'Your annual DFSA suitability review is due in three weeks. You can complete it from the DFSA Compliance page in a few minutes.',
    ip: '127.0.0.1',
  });
}
