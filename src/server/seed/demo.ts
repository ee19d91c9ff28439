import { Readable } from 'node:stream';
import { addDays, DAY_MS, isoInDays } from '../../shared/dates.ts';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_LABELS, type KycDocumentKind, type KycStatus } from '../../shared/kyc.ts';
import { writeCredentials } from '../auth/initial-credentials.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import type { Config } from '../config.ts';
import type { MessageCipher } from '../crypto/cipher.ts';
import type { Db, Queryable } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import { storeDocument } from '../modules/documents/service.ts';
import { storeKycDocument } from '../modules/kyc/service.ts';
import { companyDayIn } from '../modules/settings/clock.ts';
import { insertPack } from '../modules/signing/repository.ts';
import { insertUser, type NewUser } from '../modules/users/accounts.ts';
import { holdFileCommitLock } from '../storage/consistency.ts';
import type { FileStore } from '../storage/file-store.ts';
import { seedSettingDefault } from './bootstrap.ts';
import { demoAgreement } from './demo-agreement.ts';
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
  if ((await db.query("SELECT 1 FROM settings WHERE key = 'demo_loaded'")).length > 0) return false;
  const password = config.demoPassword ?? generatePassword();
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  await db.tx(async (q) => {
    for (const u of DEMO_USERS) {
      if ((await q.query('SELECT 1 FROM profiles WHERE email = $1', [u.email])).length > 0) continue;
      await insertUser(q, { ...u, passwordHash, mustChangePassword: false });
    }
    await loadDemoDeals(q);
    // Realistic, clearly fictional company profile and regulatory details (only where the operator set none).
    await q.query(
      `INSERT INTO settings (key, value) VALUES ('app', $1::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = $1::jsonb || settings.value`,
      [JSON.stringify(DEMO_REGULATORY_DETAILS)],
    );
    await q.query(`INSERT INTO settings (key, value) VALUES ('demo_loaded', to_jsonb(now()))`);
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

async function loadDemoDeals(q: Queryable): Promise<void> {
  // Dates relative to today in the company's zone (decision record 020), not the database's day.
  const { today } = await companyDayIn(q);
  const founder = await sql<{ id: string }>(
    "SELECT id FROM profiles WHERE role = 'admin' ORDER BY (admin_user_type = 'founder') DESC, created_at LIMIT 1",
  ).first(q);
  for (const s of DEMO_SPVS) {
    await q.query(
      `INSERT INTO spvs (name, jurisdiction, annual_return_due, bank_balance, advisory_fee_flow, status, bank_name, account_name, account_number, swift_code, payment_reference)
       VALUES ($1, $2, $3::date, $4, $5, 'Active', $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
      [
        s.name,
        s.jurisdiction,
        addDays(today, s.dueInDays),
        s.bankBalance,
        s.advisoryFeeFlow,
        s.bankName,
        s.accountName,
        s.accountNumber,
        s.swiftCode,
        s.paymentReference,
      ],
    );
  }
  // Compliance: one DFSA filing due today and a UAE tax return comfortably ahead, so the
  // dashboard tiles read the spec's '1 DFSA filing due today' and 'Up-to-Date'.
  await q.query(
    `INSERT INTO compliance_items (type, title, description, due_date, workflow_state, assigned_to, priority, recurrence)
     VALUES ('dfsa_filing', 'DFSA quarterly prudential return', 'Quarterly prudential return to the DFSA', $2::date, 'in_progress', $1, 'high', 'quarterly'),
            ('uae_tax', 'UAE corporate tax return', 'Annual corporate tax return to the Federal Tax Authority', $2::date + 45, 'not_started', $1, 'medium', 'annual'),
            ('kyc_refresh', 'Annual KYC refresh for HNI investors', 'Re-verify identity and address documents', $2::date + 20, 'not_started', $1, 'medium', 'annual'),
            ('document_renewal', 'Renew fund administration agreement', 'Signed renewal filed in the vault', $2::date - 10, 'completed', $1, 'low', NULL),
            ('other', 'AML refresher training for staff', 'Annual anti-money-laundering training', $2::date - 3, 'in_progress', $1, 'critical', NULL)`,
    [founder?.id ?? null, today],
  );
  for (const d of DEMO_DEALS) {
    await q.query(
      `INSERT INTO deals (title, type, target_amount, committed_amount, expected_irr, risk_score, status, stage, spv_entity, next_step,
                          description, created_by, created_at, stage_entered_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
               now() - make_interval(days => $13), now() - make_interval(days => $14), now() - make_interval(days => $14))`,
      [
        d.title,
        d.type,
        d.target,
        d.committed,
        d.irr,
        d.risk,
        d.status,
        d.stage,
        d.spv,
        d.nextStep,
        d.description,
        founder?.id ?? null,
        d.daysAgo,
        d.stageDaysAgo,
      ],
    );
  }
  // The demo deals are not news: no deal alert goes out when one of them is edited.
  await q.query('INSERT INTO deal_open_alerts (deal_id) SELECT id FROM deals ON CONFLICT DO NOTHING');
}

async function loadDemoDocuments(db: Db, files: FileStore): Promise<void> {
  const founder = await sql<{ id: string }>(
    "SELECT id FROM profiles WHERE role = 'admin' ORDER BY (admin_user_type = 'founder') DESC, created_at LIMIT 1",
  ).first(db);
  const dealId = async (title: string) =>
    (await sql<{ id: string }>('SELECT id FROM deals WHERE title = $1').first(db, [title]))?.id ?? null;
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
  const founder = await sql<{ id: string }>(
    "SELECT id FROM profiles WHERE role = 'admin' ORDER BY (admin_user_type = 'founder') DESC, created_at LIMIT 1",
  ).first(db);
  const titles = new Set<string>(DEMO_DEALS.map((d) => d.title));
  const deals = (await sql<{ id: string; title: string }>('SELECT id, title FROM deals ORDER BY title').all(db)).filter((d) =>
    titles.has(d.title),
  );
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

/** Sample KYC applications in every status, with small generated files. */
const DEMO_KYC: { email: string; status: KycStatus; kinds: readonly KycDocumentKind[]; note?: string }[] = [
  { email: 'investor@demo.example.com', status: 'approved', kinds: KYC_DOCUMENT_KINDS, note: 'All documents verified' },
  { email: 'ahmed@demo.example.com', status: 'in_review', kinds: KYC_DOCUMENT_KINDS },
  { email: 'kilimanjaro@demo.example.com', status: 'approved', kinds: KYC_DOCUMENT_KINDS, note: 'All documents verified' },
  { email: 'grace@demo.example.com', status: 'pending', kinds: ['passport', 'address_proof'] },
  { email: 'closed@demo.example.com', status: 'approved', kinds: ['passport', 'address_proof'], note: 'All documents verified' },
  {
    email: 'fund@demo.example.com',
    status: 'rejected',
    kinds: ['passport', 'financial_statements'],
    note: 'Proof of address and source of funds are missing',
  },
];

async function loadDemoKyc(db: Db, files: FileStore): Promise<void> {
  const reviewer = await sql<{ id: string }>("SELECT id FROM profiles WHERE email = 'cio@demo.example.com'").first(db);
  for (const k of DEMO_KYC) {
    const investor = await sql<{ id: string; name: string }>('SELECT id, name FROM profiles WHERE email = $1').first(db, [k.email]);
    if (!investor) continue;
    for (const kind of k.kinds) {
      const temp = await files.writeTemp(Readable.from(demoPdf(`${KYC_DOCUMENT_LABELS[kind]} - ${investor.name} (demo)`)));
      await storeKycDocument(db, files, investor.id, kind, { temp, filename: `${kind}.pdf`, extension: 'pdf' });
    }
    // A believable timeline: opened ten days ago, documents a week ago, then submitted and reviewed.
    await db.query(
      `UPDATE kyc_history SET created_at = now() - interval '10 days' WHERE from_status IS NULL
         AND application_id = (SELECT id FROM kyc_applications WHERE investor_id = $1)`,
      [investor.id],
    );
    await db.query(
      `UPDATE kyc_documents SET uploaded_at = now() - interval '7 days'
        WHERE application_id = (SELECT id FROM kyc_applications WHERE investor_id = $1)`,
      [investor.id],
    );
    await db.query("UPDATE kyc_applications SET created_at = now() - interval '10 days' WHERE investor_id = $1", [investor.id]);
    if (k.status === 'pending') continue;
    await db.tx(async (q) => {
      const app = await sql<{ id: string }>('SELECT id FROM kyc_applications WHERE investor_id = $1').first(q, [investor.id]);
      if (!app) return;
      const reviewed = k.status === 'approved' || k.status === 'rejected';
      await q.query(
        `UPDATE kyc_applications SET status = $2, submitted_at = now() - interval '5 days',
           reviewed_by = $3, reviewed_at = $4, review_note = $5 WHERE id = $1`,
        [app.id, k.status, reviewed ? (reviewer?.id ?? null) : null, reviewed ? new Date(Date.now() - 2 * DAY_MS) : null, k.note ?? null],
      );
      await q.query(
        `INSERT INTO kyc_history (application_id, from_status, to_status, actor_id, note, created_at)
         VALUES ($1, 'pending', 'in_review', $2, NULL, now() - interval '5 days')`,
        [app.id, investor.id],
      );
      if (reviewed) {
        await q.query(
          `INSERT INTO kyc_history (application_id, from_status, to_status, actor_id, note, created_at)
           VALUES ($1, 'in_review', $2, $3, $4, now() - interval '2 days')`,
          [app.id, k.status, reviewer?.id ?? null, k.note ?? null],
        );
      }
    });
  }
}

/**
 * The former client's account was closed on 28 June 2018 (the status change back-dated in the
 * activity log): the end of the relationship from which its records' retention runs (decision 054).
 */
async function loadDemoClosedClient(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, created_at)
     SELECT 'user_status_change', f.id, c.id, '{"from":"active","to":"suspended"}'::jsonb, '2018-06-28T08:00:00Z'
       FROM profiles c, profiles f WHERE c.email = 'closed@demo.example.com' AND f.email = 'founder@demo.example.com'`,
  );
}
