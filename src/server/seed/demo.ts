import { Readable } from 'node:stream';
import { sql as kysql } from 'kysely';
import { addDays, isoInDays } from '../../shared/dates.ts';
import { writeCredentials } from '../auth/initial-credentials.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import type { Config } from '../config.ts';
import type { MessageCipher } from '../crypto/cipher.ts';
import type { Db, Queryable } from '../db/client.ts';
import { typed } from '../db/typed.ts';
import { storeDocument } from '../modules/documents/service.ts';
import { companyDayIn } from '../modules/settings/clock.ts';
import { insertPack } from '../modules/signing/repository.ts';
import { insertUser, type NewUser } from '../modules/users/accounts.ts';
import { holdFileCommitLock } from '../storage/consistency.ts';
import type { FileStore } from '../storage/file-store.ts';
import { seedSettingDefault } from './bootstrap.ts';
import { demoAgreement } from './demo-agreement.ts';
import { daysBeforeNow } from './demo-closes.ts';
import { loadDemoClosedClient, loadDemoKyc } from './demo-kyc.ts';
import { demoPdf } from './demo-pdf.ts';
import { loadDemoPortal } from './demo-portal.ts';

/** Demo accounts (listed in the README). Their password is DEMO_PASSWORD, else random. */
export const DEMO_USERS: Omit<NewUser, 'passwordHash' | 'mustChangePassword'>[] = [
  { email: 'founder@demo.example.com', name: 'Amina Founder', role: 'admin', adminUserType: 'founder', status: 'active' },
  { email: 'cio@demo.example.com', name: 'Daniel Okoth', role: 'admin', adminUserType: 'cio', status: 'active' },
  { email: 'legal@demo.example.com', name: 'Leila Haddad', role: 'admin', adminUserType: 'legal', status: 'active' },
  { email: 'nairobi@demo.example.com', name: 'Peter Kamau', role: 'admin', adminUserType: 'nairobi_lead', status: 'active' },
  { email: 'investor@demo.example.com', name: 'Sarah Mwangi', role: 'investor', investorUserType: 'hni', status: 'active' },
  { email: 'family@demo.example.com', name: 'Omar Family Office', role: 'investor', investorUserType: 'family_office', status: 'pending' },
  { email: 'fund@demo.example.com', name: 'Indian Ocean Fund', role: 'investor', investorUserType: 'offshore_fund', status: 'suspended' },
  { email: 'ahmed@demo.example.com', name: 'Ahmed Al-Rashid', role: 'investor', investorUserType: 'offshore_fund', status: 'active' },
  { email: 'grace@demo.example.com', name: 'Grace Otieno', role: 'investor', investorUserType: 'hni', status: 'active' },
  {
    email: 'kilimanjaro@demo.example.com',
    name: 'Kilimanjaro Family Office',
    role: 'investor',
    investorUserType: 'family_office',
    status: 'active',
  }, // A former client whose relationship ended in 2018: past the six-year retention (decision 054).
  {
    email: 'closed@demo.example.com',
    name: 'Zanzibar Spice Holdings',
    role: 'investor',
    investorUserType: 'offshore_fund',
    status: 'suspended',
  },
];

/**
 * Loads demo content once: on an empty embedded database, or whenever DEMO_DATA=1 and it
 * has not been loaded yet. DEMO_DATA=0 disables it. Later features add to this data set.
 */
export async function loadDemoData(
  ctx: { db: Db; files: FileStore; config: Config; cipher: MessageCipher },
  freshDatabase: boolean,
  say: (line: string) => void,
): Promise<boolean> {
  const { db, files, config } = ctx;
  const wanted = config.demoData ?? (freshDatabase && db.engine === 'pglite');
  if (!wanted) return false;
  if (await typed(db).selectFrom('settings').select('key').where('key', '=', 'demo_loaded').executeTakeFirst()) return false;
  const password = config.demoPassword ?? generatePassword();
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  await db.tx(async (q) => {
    for (const u of DEMO_USERS) {
      if (await typed(q).selectFrom('profiles').select('id').where('email', '=', u.email).executeTakeFirst()) continue;
      await insertUser(q, { ...u, passwordHash, mustChangePassword: false });
    }
    await loadDemoDeals(q);
    // Realistic, clearly fictional company profile and regulatory details (only where the operator set none).
    await typed(q)
      .insertInto('settings')
      .values({ key: 'app', value: JSON.stringify(DEMO_REGULATORY_DETAILS) })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: kysql`${eb.ref('excluded.value')} || settings.value` })))
      .execute();
    await typed(q).insertInto('settings').values({ key: 'demo_loaded', value: kysql`to_jsonb(now())` }).execute();
    // A demo install starts with two-factor off, so the demo accounts can be tried at once.
    await seedSettingDefault(q, 'twoFactorAuth', false);
  });
  await loadDemoDocuments(db, files);
  await loadDemoSubscriptionPack(db, files);
  await loadDemoKyc(db, files);
  await loadDemoClosedClient(db);
  await loadDemoPortal(ctx);
  if (!config.demoPassword) {
    const file = await writeCredentials(config.dataDir, [
      `# Demo accounts (loaded ${new Date().toISOString()}), all with the same password:`,
      ...DEMO_USERS.map((u) => `${u.role}\t${u.email}\t${password}`),
    ]);
    say(`Loaded demo data. The demo accounts' password is in ${file}`);
  } else {
    say('Loaded demo data (demo accounts use DEMO_PASSWORD).');
  }
  return true;
}

/**
 * Demo data's company profile and regulatory details: realistic but fictional (invented
 * buildings, the .example domain, 555 numbers), never real. Written only where the operator
 * has set nothing.
 */
export const DEMO_REGULATORY_DETAILS = {
  licenseNumber: 'F004217 (demo)',
  complianceContactName: 'Layla Haddad, Head of Compliance',
  complianceContactEmail: 'compliance@meridian-capital.example',
  complianceContactPhone: '+971 4 555 0142',
  legalName: 'Meridian Capital Group Limited',
  registeredOffice: 'Unit 1407, Level 14, Al Wasl Gate Tower, DIFC, Dubai, United Arab Emirates',
  investorRelationsName: 'Daniel Mwangi, Investor Relations',
  investorRelationsEmail: 'ir@meridian-capital.example',
  investorRelationsPhone: '+971 4 555 0160',
  // The landing claims of the specification (sections 1 and 9); the offices figure is the three offices below.
  claimAssetsUnderManagement: '$500M+',
  claimInvestors: '150+',
  claimCompletedDeals: '25+',
  claimPresence: 'Teams in Nairobi, Dubai and Port Louis source, structure and monitor transactions locally.',
  claimPresenceAr: 'فرقنا في نيروبي ودبي وبورت لويس تستقطب الصفقات وتهيكلها وتتابعها محليًا.',
  offices: [
    {
      city: 'Nairobi, Kenya',
      role: 'East Africa origination',
      address: '9th Floor, Mvule Court, Riverside Drive, Westlands, Nairobi',
      phone: '+254 20 555 0134',
      email: 'nairobi@meridian-capital.example',
    },
    {
      city: 'Dubai, UAE',
      role: 'Headquarters and regulated entity',
      address: 'Unit 1407, Level 14, Al Wasl Gate Tower, DIFC, Dubai',
      phone: '+971 4 555 0100',
      email: 'dubai@meridian-capital.example',
    },
    {
      city: 'Port Louis, Mauritius',
      role: 'Fund and SPV administration',
      address: '3rd Floor, Tamarind House, 12 Rue du Vieux Conseil, Port Louis',
      phone: '+230 555 0178',
      email: 'portlouis@meridian-capital.example',
    },
  ],
};

/** The spec's two Mauritius SPVs (names and figures are ours; the spec gives none). */
export const DEMO_SPVS = [
  {
    name: 'EA Energy Trade SPV Ltd',
    jurisdiction: 'Mauritius',
    dueInDays: 75,
    bankBalance: '2450000.00',
    advisoryFeeFlow: 'Mauritius SPV to Dubai adviser, 2% p.a.',
    bankName: 'Mauritius Commercial Bank, Port Louis',
    accountName: 'EA Energy Trade SPV Ltd - Capital Account',
    accountNumber: 'MU17 BOMM 0101 1010 3030 0200 000M UR',
    swiftCode: 'MCBLMUMU',
    paymentReference: 'Your investor name and the call date',
  },
  {
    name: 'EA Real Assets SPV Ltd',
    jurisdiction: 'Mauritius',
    dueInDays: 160,
    bankBalance: '1180000.00',
    advisoryFeeFlow: 'Mauritius SPV to Dubai adviser, 1.5% p.a.',
    bankName: 'Mauritius Commercial Bank, Port Louis',
    accountName: 'EA Real Assets SPV Ltd - Capital Account',
    accountNumber: 'MU64 BOMM 0101 1010 3030 0200 001M UR',
    swiftCode: 'MCBLMUMU',
    paymentReference: 'Your investor name and the call date',
  },
];

/**
 * The spec's four dashboard sample deals: Oil Trading $1.25M 22%, Distressed Real Estate
 * $1.5M 31%, PPP $5M 28%, AI & Tech $3M 35%, each Active or Pending (titles, risk scores and
 * next steps are ours), and an older fifth so that 4 deals are Active, as the spec's tile says.
 */
export const DEMO_DEALS = [
  {
    title: 'Mombasa Diesel Cargo Financing',
    type: 'Oil Trading',
    target: '1250000',
    committed: '875000',
    irr: '22%',
    risk: '6/10',
    status: 'Active',
    stage: 'Execution',
    spv: 'EA Energy Trade SPV Ltd',
    nextStep: 'Confirm letter of credit with the trading bank',
    description:
      'Short-tenor financing of a 30,000-tonne diesel cargo discharged at Mombasa for an established Kenyan distributor. ' +
      'Repayment comes from pre-agreed offtake contracts, with the cargo held under collateral management until sold; ' +
      'expected tenor 120 days, rolled over up to three times a year.',
    daysAgo: 40,
    stageDaysAgo: 12,
  },
  {
    title: 'Nairobi Distressed Office Tower',
    type: 'Distressed Real Estate',
    target: '1500000',
    committed: '600000',
    irr: '31%',
    risk: '7/10',
    status: 'Active',
    stage: 'Sourcing',
    spv: 'EA Real Assets SPV Ltd',
    nextStep: 'Complete structural survey and valuation',
    description:
      'Acquisition of a 14-storey office tower in Upper Hill, Nairobi, from a lender-led sale at a discount to replacement cost. ' +
      'The plan: refurbish common areas, re-let vacant floors to regional corporates, and sell or refinance within four years.',
    daysAgo: 25,
    stageDaysAgo: 25,
  },
  {
    title: 'Kampala Northern Bypass PPP',
    type: 'PPP',
    target: '5000000',
    committed: '0',
    irr: '28%',
    risk: '5/10',
    status: 'Pending',
    stage: 'Sourcing',
    spv: null,
    nextStep: 'Submit pre-qualification to the PPP unit',
    description:
      'Equity in the consortium bidding for a 21 km tolled bypass north of Kampala under a 25-year availability-payment concession. ' +
      'Revenue is paid by the government against road availability, not traffic; the consortium is pre-qualifying now.',
    daysAgo: 14,
    stageDaysAgo: 14,
  },
  {
    title: 'Kigali AI Credit Scoring Platform',
    type: 'AI & Tech',
    target: '3000000',
    committed: '1200000',
    irr: '35%',
    risk: '8/10',
    status: 'Active',
    stage: 'Post-Investment',
    // Its calls need payment details on their notices (issue 26): the real-assets SPV holds it.
    spv: 'EA Real Assets SPV Ltd',
    nextStep: 'Quarterly board review of model performance',
    description:
      'Growth round in a Kigali lender that scores thin-file borrowers from mobile-money histories, with loans across Rwanda and Uganda. ' +
      'Proceeds fund expansion into Tanzania and a larger on-balance-sheet loan book; board seat and information rights for the SPV.',
    daysAgo: 90,
    stageDaysAgo: 30,
  },
  // Older than the four above, so the dashboard's pipeline list still shows the spec's four cards,
  // while its "Active Deals" tile reads the spec's sample 4 (the PPP is Pending).
  {
    title: 'Dar es Salaam Solar Mini-Grid Portfolio',
    type: 'Infrastructure',
    target: '2000000',
    committed: '0',
    irr: '18%',
    risk: '4/10',
    status: 'Active',
    stage: 'Sourcing',
    spv: null,
    nextStep: 'Agree the grid-connection terms with the utility',
    description:
      'Senior-secured financing of twelve solar mini-grids serving trading centres around Dar es Salaam and the coast region. ' +
      'Tariffs are regulated and collected by prepaid meters; the portfolio is operating, and proceeds refinance construction debt.',
    // Older than the held deals too (demo-portal dates them 400 days back).
    daysAgo: 540,
    stageDaysAgo: 20,
  },
] as const;

/** The founder (else the oldest admin): the author of the demo's deals, items and documents. */
function demoFounder(q: Queryable): Promise<{ id: string } | undefined> {
  return typed(q)
    .selectFrom('profiles')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy(kysql`(admin_user_type = 'founder')`, 'desc')
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
}

async function loadDemoDeals(q: Queryable): Promise<void> {
  // Dates relative to today in the company's zone (decision record 020), not the database's day.
  const { today } = await companyDayIn(q);
  const founder = await demoFounder(q);
  for (const s of DEMO_SPVS) {
    await typed(q)
      .insertInto('spvs')
      .values({
        name: s.name,
        jurisdiction: s.jurisdiction,
        annualReturnDue: addDays(today, s.dueInDays),
        bankBalance: s.bankBalance,
        advisoryFeeFlow: s.advisoryFeeFlow,
        status: 'Active',
        bankName: s.bankName,
        accountName: s.accountName,
        accountNumber: s.accountNumber,
        swiftCode: s.swiftCode,
        paymentReference: s.paymentReference,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // Compliance: one DFSA filing due today and a UAE tax return comfortably ahead, so the
  // dashboard tiles read the spec's '1 DFSA filing due today' and 'Up-to-Date'.
  // [type, title, description, due in days, workflow state, priority, recurrence]
  const items = [
    ['dfsa_filing', 'DFSA quarterly prudential return', 'Quarterly prudential return to the DFSA', 0, 'in_progress', 'high', 'quarterly'],
    [
      'uae_tax',
      'UAE corporate tax return',
      'Annual corporate tax return to the Federal Tax Authority',
      45,
      'not_started',
      'medium',
      'annual',
    ],
    [
      'kyc_refresh',
      'Annual KYC refresh for HNI investors',
      'Re-verify identity and address documents',
      20,
      'not_started',
      'medium',
      'annual',
    ],
    ['document_renewal', 'Renew fund administration agreement', 'Signed renewal filed in the vault', -10, 'completed', 'low', null],
    ['other', 'AML refresher training for staff', 'Annual anti-money-laundering training', -3, 'in_progress', 'critical', null],
  ] as const;
  await typed(q)
    .insertInto('compliance_items')
    .values(
      items.map(([type, title, description, due, workflowState, priority, recurrence]) => ({
        type,
        title,
        description,
        dueDate: addDays(today, due),
        workflowState,
        assignedTo: founder?.id ?? null,
        priority,
        recurrence,
      })),
    )
    .execute();
  for (const d of DEMO_DEALS) {
    await typed(q)
      .insertInto('deals')
      .values({
        title: d.title,
        type: d.type,
        targetAmount: d.target,
        committedAmount: d.committed,
        expectedIrr: d.irr,
        riskScore: d.risk,
        status: d.status,
        stage: d.stage,
        spvEntity: d.spv,
        nextStep: d.nextStep,
        description: d.description,
        createdBy: founder?.id ?? null,
        createdAt: daysBeforeNow(d.daysAgo),
        stageEnteredAt: daysBeforeNow(d.stageDaysAgo),
        updatedAt: daysBeforeNow(d.stageDaysAgo),
      })
      .execute();
  }
  // The demo deals are not news: no deal alert goes out when one of them is edited.
  await typed(q)
    .insertInto('deal_open_alerts')
    .columns(['dealId'])
    .expression((eb) => eb.selectFrom('deals').select('id'))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function loadDemoDocuments(db: Db, files: FileStore): Promise<void> {
  const founder = await demoFounder(db);
  const dealId = async (title: string) =>
    (await typed(db).selectFrom('deals').select('id').where('title', '=', title).executeTakeFirst())?.id ?? null;
  const { today } = await companyDayIn(db);
  const docs = [
    {
      name: 'Mombasa Diesel Cargo PPM',
      type: 'PPM',
      deal: DEMO_DEALS[0].title,
      ext: 'pdf',
      body: demoPdf('Private Placement Memorandum - Mombasa Diesel Cargo Financing'),
      expires: null,
    },
    {
      name: 'Office Tower Due Diligence Summary',
      type: 'Due Diligence',
      deal: DEMO_DEALS[1].title,
      ext: 'txt',
      body: Buffer.from('Due diligence summary (demo).\nStructural survey pending.\n'),
      expires: isoInDays(20, today),
    },
    {
      name: 'Group Legal Structure',
      type: 'Legal Structure',
      deal: null,
      ext: 'pdf',
      body: demoPdf('Group legal structure chart (demo)'),
      expires: isoInDays(400, today),
    },
  ] as const;
  for (const d of docs) {
    const temp = await files.writeTemp(Readable.from(d.body));
    await storeDocument(
      db,
      files,
      { name: d.name, type: d.type, dealId: d.deal ? await dealId(d.deal) : null, expirationDate: d.expires, investorVisible: false },
      temp,
      d.ext,
      founder?.id ?? null,
      null,
    );
  }
}

/**
 * Issue 30: every deal takes subscriptions through the signed agreement, so every demo deal ships
 * with a subscription pack, the project's own fictional agreement written for it (those open for
 * subscription need it; the others have it ready should they open). The historical demo
 * subscriptions stay as seeded data (completed before signing was in the product: no envelope).
 * DEMO_SIGNED_DEAL is the open deal the signing suites and the browser flow use.
 */
export const DEMO_SIGNED_DEAL = DEMO_DEALS[4].title;

async function loadDemoSubscriptionPack(db: Db, files: FileStore): Promise<void> {
  const founder = await demoFounder(db);
  const titles = new Set<string>(DEMO_DEALS.map((d) => d.title));
  const deals = (await typed(db).selectFrom('deals').select(['id', 'title']).orderBy('title').execute()).filter((d) => titles.has(d.title));
  for (const deal of deals) {
    const { pdf, fields } = await demoAgreement(deal.title, DEMO_REGULATORY_DETAILS.legalName);
    const temp = await files.writeTemp(Readable.from([pdf]));
    const key = `signing/packs/${deal.id}/demo-agreement.pdf`;
    try {
      await db.tx(async (q) => {
        await insertPack(q, {
          dealId: deal.id,
          filePath: key,
          fileName: 'Subscription agreement (demo).pdf',
          byteSize: temp.size,
          sha256: temp.sha256,
          pageCount: 3,
          fields,
          createdBy: founder?.id ?? null,
        });
        await holdFileCommitLock(q);
        await files.commit(temp, key);
      });
    } catch (err) {
      await files.discard(temp).catch(() => {});
      throw err;
    }
  }
}
