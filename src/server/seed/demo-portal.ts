import { Readable } from 'node:stream';
import { sql as kysql } from 'kysely';
import { addDays, DAY_MS, isoInDays } from '../../shared/dates.ts';
import { RETAIL_NOTICE_VERSION } from '../../shared/dfsa-classification.ts';
import { toCents } from '../../shared/money.ts';
import type { Config } from '../config.ts';
import type { MessageCipher } from '../crypto/cipher.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { ClientClassificationsTable, TaxCertificationsTable } from '../db/schema.generated.ts';
import { typed } from '../db/typed.ts';
import { insertItem } from '../modules/compliance/repository.ts';
import { insertValuation } from '../modules/deals/repository.ts';
import { postDistributionEntries, recordDistribution } from '../modules/distributions/service.ts';
import { storeDocument } from '../modules/documents/service.ts';
import { createCall, recordReceipt } from '../modules/ledger/calls.ts';
import { postEntry } from '../modules/ledger/service.ts';
import { postMessage } from '../modules/messages/service.ts';
import { companyDayIn } from '../modules/settings/clock.ts';
import { saveDealTerms } from '../modules/waterfall/terms.ts';
import type { FileStore } from '../storage/file-store.ts';
import { daysBeforeNow, loadDemoStagedCloseDeal } from './demo-closes.ts';
import { demoPdf } from './demo-pdf.ts';

/** Today in the company's zone, set when the portal data loads (decision record 020). */
let today = '';
const day = (offset: number) => isoInDays(offset, today);

/**
 * The investor portal's sample data for the demo investor (investor@demo.example.com),
 * with dates relative to today: completed, under-review and pending subscriptions; dated
 * valuations (Performing, On Track, Watch); paid, scheduled and pending distributions; secure
 * messages; the annual suitability review 21 days from due; four compliance documents.
 * A second holder (Kilimanjaro Family Office) makes the committed amounts match the pipeline.
 */
export async function loadDemoPortal(ctx: { db: Db; files: FileStore; config: Config; cipher: MessageCipher }): Promise<void> {
  const { db, files, cipher } = ctx;
  today = (await companyDayIn(db)).today;
  const id = async (email: string) =>
    (await typed(db).selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirst())?.id;
  const deal = async (title: string) =>
    (await typed(db).selectFrom('deals').select('id').where('title', '=', title).executeTakeFirst())?.id;
  const sarah = await id('investor@demo.example.com');
  const kili = await id('kilimanjaro@demo.example.com');
  const cio = await id('cio@demo.example.com');
  const oil = await deal('Mombasa Diesel Cargo Financing');
  const office = await deal('Nairobi Distressed Office Tower');
  const ai = await deal('Kigali AI Credit Scoring Platform');
  if (!sarah || !kili || !cio || !oil || !office || !ai) return;

  await db.tx(async (q) => {
    // The demo deals existed well before the first close (the ledger refuses earlier dates).
    await typed(q)
      .updateTable('deals')
      .set({ createdAt: kysql`now() - interval '400 days'` })
      .where('id', 'in', [oil, office, ai])
      .execute();
    const subs: [string, string, string, 'Completed' | 'Under Review' | 'Pending', number][] = [
      // investor, deal, amount, status, completed days ago. The office tower closes twice,
      // months apart (a staged close): the demo investor at 200 days, Kilimanjaro at 120.
      [sarah, oil, '250000', 'Completed', 300],
      [kili, oil, '625000', 'Completed', 290],
      [sarah, office, '150000', 'Completed', 200],
      [kili, office, '450000', 'Completed', 120],
      [sarah, ai, '300000', 'Completed', 150],
      [kili, ai, '900000', 'Completed', 140],
      [sarah, oil, '100000', 'Under Review', 5],
      [sarah, office, '50000', 'Pending', 2],
    ];
    for (const [investor, dealId, amount, status, ago] of subs) {
      const progress = status === 'Completed' ? 100 : status === 'Under Review' ? 60 : 25;
      const row = await typed(q)
        .insertInto('subscriptions')
        .values({
          investorId: investor,
          dealId,
          amount,
          status,
          progress,
          createdAt: daysBeforeNow(ago + 3),
          reviewedAt: status !== 'Pending' ? daysBeforeNow(ago) : null,
          completedAt: status === 'Completed' ? daysBeforeNow(ago) : null,
        })
        .returning('id')
        .execute();
      // A completed subscription is a commitment in the capital-account ledger, dated at completion.
      if (status === 'Completed')
        await postEntry(q, {
          investorId: investor,
          dealId,
          kind: 'commitment',
          cents: toCents(amount),
          date: day(-ago),
          subscriptionId: row[0]?.id ?? null,
          createdBy: cio,
        });
    }
    // Committed = completed subscriptions (875,000 / 600,000 / 1,200,000 as on the pipeline).
    await typed(q)
      .updateTable('deals as d')
      .set((eb) => ({
        committedAmount: eb.fn.coalesce(
          eb
            .selectFrom('subscriptions as s')
            .select((e) => e.fn.sum<string>('s.amount').as('committed'))
            .whereRef('s.dealId', '=', 'd.id')
            .where('s.status', '=', 'Completed'),
          kysql<string>`0`,
        ),
      }))
      .execute();
    // Capital calls in every status. [deal, investors (null: all), basis value, call ago, due ago, purpose, receipts [investor, amount, ago]]
    type Receipt = [string, string, number];
    const calls: [string, string[] | null, string, number, number, string, Receipt[]][] = [
      [oil, [sarah], '250000', 300, 300, 'First close: purchase of the first diesel cargo', [[sarah, '250000', 300]]],
      [oil, [kili], '625000', 290, 285, 'Second close: cargo financing facility', [[kili, '625000', 289]]],
      [office, [sarah], '150000', 200, 195, 'First close: acquisition deposit', [[sarah, '150000', 198]]],
      [office, [kili], '315000', 120, 110, 'Second close: completion of the acquisition', [[kili, '315000', 118]]],
      [office, [kili], '45000', 40, 10, 'Refurbishment, phase one', [[kili, '20000', 30]]],
      [office, [kili], '45000', 8, -22, 'Refurbishment, phase two', [[kili, '15000', 3]]],
      // 25,000 of Kilimanjaro's 450,000 stays uncalled (the last call asks 20,000, not 45,000; issue 26):
      // New Capital Call, a receipt and a
      // distribution can all be tried on the office tower at once.
      [office, [kili], '20000', 1, -29, 'Leasing costs and reserves', []],
      [
        ai,
        null,
        '900000',
        140,
        126,
        'Initial drawdown (75%)',
        [
          [sarah, '225000', 135],
          [kili, '675000', 128],
        ],
      ],
      [
        ai,
        null,
        '300000',
        60,
        40,
        'Final drawdown (25%)',
        [
          [sarah, '75000', 45],
          [kili, '225000', 41],
        ],
      ],
    ];
    for (const [dealId, investorIds, amount, ago, dueAgo, purpose, receipts] of calls) {
      const c = await createCall(
        q,
        {
          dealId,
          basis: 'amount',
          amount,
          callDate: day(-ago),
          dueDate: day(-dueAgo),
          purpose,
          weighting: 'unfunded',
          ...(investorIds ? { target: 'investors', investorIds } : { target: 'all' }),
        },
        cio,
        '127.0.0.1',
      );
      for (const [investorId, paid, when] of receipts)
        await recordReceipt(q, c.id, { investorId, amount: paid, valueDate: day(-when) }, cio, '127.0.0.1');
    }
    // Valuations; the office tower is valued between its two closes (the demo investor alone held it then).
    const valuations: [string, number, string, string, 'Performing' | 'On Track' | 'Watch'][] = [
      [oil, 270, '875000', '2027', 'Performing'],
      [oil, 90, '910000', '2027', 'Performing'],
      [oil, 10, '945000', '2027', 'Performing'],
      [office, 160, '157500', '2028', 'On Track'],
      [office, 20, '615000', '2028', 'On Track'],
      [ai, 120, '1200000', '2029', 'On Track'],
      [ai, 15, '1080000', '2029', 'Watch'],
    ];
    for (const [dealId, ago, value, exit, status] of valuations) {
      await insertValuation(q, {
        dealId,
        valuationDate: day(-ago),
        currentValue: value,
        expectedExit: exit,
        performanceStatus: status,
        createdBy: cio,
      });
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
    // Distributions: paid in the past year, one pending (date come, not confirmed), two scheduled;
    // the office tower's record dates fall before (all to the demo investor) and after its second close.
    const events: [string, string, string, number, number, boolean][] = [
      [office, 'Income', '4500.00', -140, -150, true],
      [oil, 'Income', '43750.00', -120, -125, true],
      [office, 'Interest', '18000.00', -45, -50, true],
      [ai, 'Dividend', '24000.00', -3, -10, false],
      [oil, 'Income', '43750.00', 25, 0, false],
      [office, 'Return of Capital', '60000.00', 70, 0, false],
    ];
    for (const [dealId, type, total, offset, recordOffset, paid] of events) {
      const ev = await recordDistribution(
        q,
        { dealId, type: type as 'Income', totalAmount: total, paymentDate: day(offset), recordDate: day(recordOffset) },
        cio,
        '127.0.0.1',
      );
      if (paid) {
        await typed(q)
          .updateTable('distribution_events')
          .set({ paidAt: new Date(Date.now() + offset * DAY_MS), paidBy: cio })
          .where('id', '=', ev.id)
          .execute();
        await typed(q)
          .updateTable('distributions')
          .set({ paidAt: new Date(Date.now() + offset * DAY_MS) })
          .where('eventId', '=', ev.id)
          .execute();
        await postDistributionEntries(q, ev.id, cio);
      }
    }
    // The annual suitability review: last done 344 days ago, so 21 days remain today.
    await typed(q)
      .insertInto('suitability_reviews')
      .values({
        investorId: sarah,
        answers: JSON.stringify({ experience: 'extensive', riskTolerance: 'medium', netWorthBand: '5m_25m', investmentHorizon: '5_10y' }),
        completedAt: kysql`now() - interval '344 days'`,
        nextDue: day(21),
      })
      .execute();
    // The co-investor holds commitments, so it has a review too (issue 27: no subscription without
    // a current one): its latest, the yearly renewal, done 130 days ago and due again in 235.
    await typed(q)
      .insertInto('suitability_reviews')
      .values({
        investorId: kili,
        answers: JSON.stringify({ experience: 'extensive', riskTolerance: 'high', netWorthBand: 'over_25m', investmentHorizon: '5_10y' }),
        completedAt: kysql`now() - interval '130 days'`,
        nextDue: day(235),
      })
      .execute();
    // Both are classified Professional Clients (issue 31, decision 037: no subscription without a
    // current classification), their evidence reviewed: the demo investor 65 days ago (review due in
    // 300 days, as her Client Classification Letter), the co-investor with its yearly review 130 days ago.
    await seedDemoClassification(q, sarah, today, 65, 300, {
      basis: 'assessed_individual',
      netAssets: '4200000.00',
      yearsExperience: 12,
      experience: 'Twelve years investing in private equity and East African real estate; former bank credit officer.',
    });
    await seedDemoClassification(q, kili, today, 130, 235, {
      basis: 'deemed_undertaking',
      balanceSheetTotal: '62000000.00',
      netTurnover: '18500000.00',
      ownFunds: '41000000.00',
    });
    // Both have signed a FATCA/CRS tax self-certification (issue 31 part 3, decision 049): the demo
    // investor resident in the UAE and the United Kingdom, the co-investor an Active NFE in the UAE.
    await seedDemoTaxCertification(q, sarah, 'AE', 'Villa 14, Street 7, Jumeirah 2, Dubai', {
      kind: 'individual',
      residences: [
        { country: 'AE', tin: '784-1985-4821937-2' },
        { country: 'GB', tin: 'QQ123456C' },
      ],
      usPerson: false,
    });
    await seedDemoTaxCertification(q, kili, 'AE', 'Office 1203, Index Tower, DIFC, Dubai', {
      kind: 'entity',
      residences: [{ country: 'AE', tin: '100345678900003' }],
      fatcaClass: 'active_nffe',
      crsType: 'active_nfe_income_assets',
      controllingPersons: [],
    });
    await typed(q).updateTable('documents').set({ investorVisible: true }).where('name', '=', 'Mombasa Diesel Cargo PPM').execute();
    // The closed staged-close deal whose final close an admin can equalise (issue 29).
    await loadDemoStagedCloseDeal(q, today, cio);
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
  await typed(db).updateTable('messages').set({ readByInvestor: true }).where('threadId', '=', question).execute();
  await postMessage(db, files, cipher, {
    newThread: { investorId: sarah, subject: 'Your annual suitability review is due soon', priority: 'Normal' },
    sender: { id: cio, role: 'admin' },
    body: 'Your annual DFSA suitability review is due in three weeks. You can complete it from the DFSA Compliance page in a few minutes.',
    ip: '127.0.0.1',
  });
}

/** A signed tax self-certification (version 1, 60 days ago) and the residence on the profile (decision 049). */
async function seedDemoTaxCertification(
  q: Queryable,
  investorId: string,
  country: string,
  address: string,
  answers: { kind: TaxCertificationsTable['kind'] } & Record<string, unknown>,
) {
  await typed(q)
    .updateTable('profiles')
    .set({ residenceCountry: country, residenceAddress: address })
    .where('id', '=', investorId)
    .execute();
  await typed(q)
    .insertInto('tax_certifications')
    .columns(['investorId', 'version', 'kind', 'answers', 'signedName', 'reauth', 'signedAt'])
    .expression((eb) =>
      eb
        .selectFrom('profiles')
        .select([
          'id',
          kysql<number>`1`.as('version'),
          eb.val(answers.kind).as('kind'),
          eb.val(JSON.stringify(answers)).as('answers'),
          'name',
          kysql<string>`'password'`.as('reauth'),
          kysql<Date>`now() - interval '60 days'`.as('signedAt'),
        ])
        .where('id', '=', investorId),
    )
    .execute();
}

/**
 * A decided Professional Client classification (issue 31, decision 037), with its annual review in
 * the compliance calendar: decided `ago` days before `today`, due `dueIn` days after it.
 */
async function seedDemoClassification(
  q: Queryable,
  investorId: string,
  today: string,
  ago: number,
  dueIn: number,
  answers: { basis: ClientClassificationsTable['basis'] } & Record<string, string | number>,
): Promise<void> {
  const founder = await typed(q)
    .selectFrom('profiles')
    .select('id')
    .where('role', '=', 'admin')
    .where('adminUserType', '=', 'founder')
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
  const investor = await typed(q).selectFrom('profiles').select('name').where('id', '=', investorId).executeTakeFirst();
  const reviewDue = addDays(today, dueIn);
  const item = await insertItem(q, {
    type: 'kyc_refresh',
    title: `Client classification review: ${investor?.name ?? ''}`,
    description: `Annual review of the DFSA client classification (Professional Client) decided on ${addDays(today, -ago)}.`,
    dueDate: reviewDue,
    priority: 'medium',
  });
  await typed(q)
    .insertInto('client_classifications')
    .values({
      investorId,
      status: 'decided',
      basis: answers.basis,
      answers: JSON.stringify({ ...answers, noticeAcknowledged: true, noticeVersion: RETAIL_NOTICE_VERSION }),
      noticeVersion: RETAIL_NOTICE_VERSION,
      noticeAcknowledgedAt: daysBeforeNow(ago + 2),
      submittedAt: daysBeforeNow(ago + 2),
      decision: 'professional',
      reasons: 'Evidence reviewed: audited statements and a bank reference confirm the thresholds; experience confirmed in interview.',
      decidedBy: founder?.id ?? null,
      decidedAt: daysBeforeNow(ago),
      reviewDue,
      complianceItemId: item,
    })
    .execute();
}
