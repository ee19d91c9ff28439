// Issue 7: a bounded load test on loopback. Signed-in admins and investors read and write
// concurrently for N seconds; afterwards every acknowledged write is read back through the API.
// Exits non-zero on any 5xx, network error or lost write, and prints the numbers as JSON.
//
//   node --import tsx bench/load.ts --seconds 10 --report .test-logs/load.json
//   options: --admins 2 --investors 6
//            --url http://host:port --admin-email E --admin-password P   (an existing server; else
//            it starts src/server/main.ts on a temporary PGlite directory, or on --database-url URL)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SigningParty, type SigningPost, signAndCountersign, uploadSubscriptionPack } from '../src/server/testing/signing-http.ts';
import { RETAIL_NOTICE_VERSION } from '../src/shared/dfsa-classification.ts';
import { postMultipart } from './lib/upload.ts';
import { MAIN, median, type Proc, parseArgs, round, signIn, startNode } from './lib/util.ts';

const args = parseArgs(process.argv.slice(2));
const seconds = Number(args.seconds ?? 10);
const nAdmins = Number(args.admins ?? 2);
const nInvestors = Number(args.investors ?? 6);
const runId = Date.now().toString(36);

interface Stat {
  ms: number[];
  s5xx: number;
  s4xx: number;
}
const stats = new Map<string, Stat>();
const failures: string[] = [];
let networkErrors = 0;
let stopAt = 0;

function record(name: string, ms: number, status: number) {
  let s = stats.get(name);
  if (!s) {
    s = { ms: [], s5xx: 0, s4xx: 0 };
    stats.set(name, s);
  }
  s.ms.push(ms);
  if (status >= 500) {
    s.s5xx++;
    if (failures.length < 20) failures.push(`${name} answered ${status}`);
  } else if (status >= 400) s.s4xx++;
}

class Client {
  constructor(
    readonly base: string,
    public cookie = '',
    /** The account's name and password, for re-authentication when it signs (decision 036). */
    public party: SigningParty = { cookie: '', name: '', password: '' },
  ) {}
  async req<T = unknown>(name: string, method: string, p: string, body?: unknown): Promise<{ status: number; json: T }> {
    const t0 = performance.now();
    let res: Response;
    try {
      res = await fetch(this.base + p, {
        method,
        headers: { cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      networkErrors++;
      if (failures.length < 20) failures.push(`${name}: ${(err as Error).message}`);
      return { status: 0, json: {} as T };
    }
    const text = await res.text();
    record(name, performance.now() - t0, res.status);
    let json = {} as T;
    try {
      json = JSON.parse(text) as T;
    } catch {}
    return { status: res.status, json };
  }
  async must<T = unknown>(name: string, method: string, p: string, body?: unknown): Promise<T> {
    const r = await this.req<T>(name, method, p, body);
    if (r.status < 200 || r.status >= 300) throw new Error(`setup: ${method} ${p} answered ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
  }
}

// What was acknowledged, to be read back at the end.
const acked = {
  deals: new Map<string, { title: string; nextStep: string; stage: string }>(),
  subscriptions: new Map<string, { investor: number; completed: boolean }>(),
  threads: new Map<string, number>(),
};
let writesAcknowledged = 0;

const STEP_NAMES = {
  open: 'POST /api/investor/subscriptions/:id/envelope',
  sign: 'POST /api/investor/envelopes/:id/sign',
  countersign: 'POST /api/signing/envelopes/:id/countersign',
} as const;
/** The signed-in investors, by index (the admins' completions sign as them). */
const investors: Client[] = [];

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const STAGES = ['Sourcing', 'Execution', 'Post-Investment', 'Exit'];

async function adminLoop(c: Client, id: number, openDeals: string[]) {
  const mine: string[] = [];
  let n = 0;
  while (performance.now() < stopAt) {
    n++;
    const r = Math.random();
    if (r < 0.15 || mine.length === 0) {
      const title = `Load deal ${runId}-${id}-${n}`;
      const res = await c.req<{ deal: { id: string; nextStep: string | null; stage: string } }>('POST /api/deals', 'POST', '/api/deals', {
        title,
        type: 'PPP',
        targetAmount: '5000000',
        nextStep: 'initial',
      });
      if (res.status === 201) {
        writesAcknowledged++;
        mine.push(res.json.deal.id);
        acked.deals.set(res.json.deal.id, { title, nextStep: 'initial', stage: res.json.deal.stage });
      }
    } else if (r < 0.3) {
      const dealId = pick(mine);
      const nextStep = `step ${runId}-${id}-${n}`;
      const res = await c.req('PATCH /api/deals/:id', 'PATCH', `/api/deals/${dealId}`, { nextStep });
      if (res.status === 200) {
        writesAcknowledged++;
        (acked.deals.get(dealId) as { nextStep: string }).nextStep = nextStep;
      }
    } else if (r < 0.38) {
      const dealId = pick(mine);
      const stage = pick(STAGES);
      const res = await c.req('POST /api/deals/:id/move', 'POST', `/api/deals/${dealId}/move`, { stage });
      if (res.status === 200) {
        writesAcknowledged++;
        (acked.deals.get(dealId) as { stage: string }).stage = stage;
      }
    } else if (r < 0.46) {
      // Complete a pending subscription (only this admin's share, so two admins never race on one)
      // the one way the product allows (decision 036): its investor opens and signs the agreement,
      // this admin (a founder, who may countersign) countersigns; only the countersignature's 200
      // is an acknowledged completion. Each step is timed under its own route name.
      const list = await c.req<{ subscriptions: { id: string; status: string }[] }>('GET /api/subscriptions', 'GET', '/api/subscriptions');
      const candidate = list.json.subscriptions?.find(
        (s) => s.status === 'Pending' && acked.subscriptions.has(s.id) && s.id.charCodeAt(0) % nAdmins === id,
      );
      if (candidate) {
        const investor = investors[(acked.subscriptions.get(candidate.id) as { investor: number }).investor] as Client;
        const post: SigningPost = async (party, step, p, json) => {
          const as = party === investor.party ? investor : c;
          const res = await as.req(STEP_NAMES[step], 'POST', p, json);
          if (res.status === 0) throw new Error(`${step}: network error`);
          return { status: res.status, body: res.json };
        };
        try {
          const out = await signAndCountersign(post, candidate.id, investor.party, c.party);
          if (out.step === 'countersign' && out.status === 200) {
            writesAcknowledged++;
            (acked.subscriptions.get(candidate.id) as { completed: boolean }).completed = true;
          } else if (failures.length < 20) failures.push(`completion ${candidate.id}: ${out.step} answered ${out.status}`);
        } catch {
          // Counted in networkErrors by Client.req.
        }
      }
    } else if (r < 0.65) await c.req('GET /api/deals', 'GET', '/api/deals');
    else if (r < 0.78) await c.req('GET /api/activity-logs', 'GET', '/api/activity-logs?limit=100');
    else if (r < 0.9) await c.req('GET /api/dashboard', 'GET', '/api/dashboard');
    else await c.req('GET /api/deals/:id', 'GET', `/api/deals/${pick(openDeals)}`);
  }
}

async function investorLoop(c: Client, id: number, openDeals: string[]) {
  let n = 0;
  while (performance.now() < stopAt) {
    n++;
    const r = Math.random();
    if (r < 0.1) {
      const res = await c.req<{ subscription: { id: string } }>('POST /api/investor/subscriptions', 'POST', '/api/investor/subscriptions', {
        dealId: pick(openDeals),
        amount: String(1000 + n),
      });
      if (res.status === 201) {
        writesAcknowledged++;
        acked.subscriptions.set(res.json.subscription.id, { investor: id, completed: false });
      }
    } else if (r < 0.2) {
      const res = await c.req<{ threadId: string }>('POST /api/investor/messages', 'POST', '/api/investor/messages', {
        subject: `Question ${runId}-${id}-${n}`,
        body: 'When is the next distribution expected?',
        priority: 'Normal',
      });
      if (res.status === 201) {
        writesAcknowledged++;
        acked.threads.set(res.json.threadId, id);
      }
    } else if (r < 0.4) await c.req('GET /api/investor/dashboard', 'GET', '/api/investor/dashboard');
    else if (r < 0.6) await c.req('GET /api/investor/deals', 'GET', '/api/investor/deals');
    else if (r < 0.75) await c.req('GET /api/investor/subscriptions', 'GET', '/api/investor/subscriptions');
    else if (r < 0.9) await c.req('GET /api/investor/messages', 'GET', '/api/investor/messages');
    else await c.req('GET /api/investor/performance', 'GET', '/api/investor/performance');
  }
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'sd-load-'));
  let server: Proc | undefined;
  let base = typeof args.url === 'string' ? args.url.replace(/\/$/, '') : '';
  let admin = {
    email: String(args['admin-email'] ?? process.env.LOAD_ADMIN_EMAIL ?? ''),
    password: String(args['admin-password'] ?? process.env.LOAD_ADMIN_PASSWORD ?? ''),
  };
  const exit = async (code: number) => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
    process.exit(code);
  };
  try {
    if (!base) {
      admin = { email: 'load-admin@example.test', password: 'load-admin-password' };
      server = await startNode({
        script: MAIN,
        env: {
          DATA_DIR: path.join(work, 'data'),
          DEMO_DATA: '0',
          // Admins sign in with a password here; the load test measures throughput, not the API limit.
          TWO_FACTOR_DEFAULT: '0',
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          // The load test is about concurrency and durability, not hashing: a cheaper hash makes the
          // setup's sign-ins fast (item 4 of BENCHMARKS.md measures the production cost).
          PASSWORD_HASH_COST: '12',
          LOGIN_MAX_FAILURES_PER_CLIENT: '100000',
          WEB_DIR: path.join(work, 'no-web'),
          ...(typeof args['database-url'] === 'string' ? { DATABASE_URL: args['database-url'] } : {}),
        },
        logFile: path.join(work, 'server.log'),
        healthPath: '/api/health',
      });
      base = server.url;
    }
    if (!admin.email) throw new Error('--url needs --admin-email and --admin-password (an active admin)');

    // Setup: admins, investors with approved KYC, open deals.
    const admins: Client[] = [];
    const first = new Client(base, await signIn(base, admin.email, admin.password));
    first.party = { cookie: first.cookie, name: 'Load Countersigner 0', password: admin.password };
    if (server) await first.must('setup', 'PUT', '/api/settings', { apiRateLimit: 1_000_000 });
    admins.push(first);
    for (let i = 1; i < nAdmins; i++) {
      const email = `load-admin-${runId}-${i}@example.test`;
      await first.must('setup', 'POST', '/api/users', { name: `Load Admin ${i}`, email, password: 'temporary-pass', role: 'admin' });
      const c = new Client(base, await signIn(base, email, 'temporary-pass'));
      await c.must('setup', 'POST', '/api/auth/change-password', { currentPassword: 'temporary-pass', newPassword: 'load-password' });
      // Created admins are founders by default: they may countersign.
      c.party = { cookie: c.cookie, name: `Load Admin ${i}`, password: 'load-password' };
      admins.push(c);
    }
    const kycFile = path.join(work, 'kyc.pdf');
    writeFileSync(kycFile, '%PDF-1.4\n% load test KYC document\n');
    for (let i = 0; i < nInvestors; i++) {
      const email = `load-investor-${runId}-${i}@example.test`;
      await first.must('setup', 'POST', '/api/users', { name: `Load Investor ${i}`, email, password: 'temporary-pass', role: 'investor' });
      const c = new Client(base, await signIn(base, email, 'temporary-pass'));
      await c.must('setup', 'POST', '/api/auth/change-password', { currentPassword: 'temporary-pass', newPassword: 'load-password' });
      c.party = { cookie: c.cookie, name: `Load Investor ${i}`, password: 'load-password' };
      for (const kind of ['passport', 'address_proof', 'financial_statements', 'source_of_funds']) {
        const r = await postMultipart(
          `${base}/api/kyc/me/documents/${kind}`,
          {},
          { path: kycFile, name: `${kind}.pdf`, type: 'application/pdf' },
          { cookie: c.cookie },
        );
        if (r.status >= 300) throw new Error(`setup: KYC upload answered ${r.status} ${r.body}`);
      }
      await c.must('setup', 'POST', '/api/kyc/me/submit');
      // A subscription needs a current suitability review (issue 27).
      await c.must('setup', 'POST', '/api/investor/suitability-review', {
        experience: 'extensive',
        riskTolerance: 'high',
        netWorthBand: 'over_25m',
        investmentHorizon: '5_10y',
      });
      // And a client classification with evidence (issue 31), approved below with the KYC.
      const ev = await postMultipart(
        `${base}/api/investor/classification/evidence`,
        {},
        { path: kycFile, name: 'evidence.pdf', type: 'application/pdf' },
        { cookie: c.cookie },
      );
      if (ev.status >= 300) throw new Error(`setup: evidence upload answered ${ev.status} ${ev.body}`);
      await c.must('setup', 'POST', '/api/investor/classification', {
        basis: 'assessed_individual',
        netAssets: '2500000',
        yearsExperience: 8,
        experience: 'Eight years of private-markets investing (load test).',
        noticeAcknowledged: true,
        noticeVersion: RETAIL_NOTICE_VERSION,
      });
      // And a signed tax self-certification (issue 31 part 3).
      await c.must('setup', 'POST', '/api/investor/tax/certifications', {
        kind: 'individual',
        residences: [{ country: 'AE', tin: '784-1990-1234567-1' }],
        usPerson: false,
        signedName: `Load Investor ${i}`,
        attest: true,
        password: 'load-password',
      });
      investors.push(c);
    }
    const kyc = await first.must<{ applications: { id: string; investorEmail?: string; email?: string; status: string }[] }>(
      'setup',
      'GET',
      '/api/kyc',
    );
    for (const a of kyc.applications)
      if (a.status === 'in_review' || a.status === 'pending') await first.req('setup approve', 'POST', `/api/kyc/${a.id}/approve`, {});
    const queue = await first.must<{ applications: { id: string; status: string }[] }>('setup', 'GET', '/api/classifications');
    for (const a of queue.applications)
      if (a.status === 'submitted')
        await first.must('setup', 'POST', `/api/classifications/${a.id}/decide`, {
          decision: 'professional',
          reasons: 'Load test set-up.',
        });
    const openDeals: string[] = [];
    for (let i = 0; i < 5; i++) {
      const d = await first.must<{ deal: { id: string } }>('setup', 'POST', '/api/deals', {
        title: `Open deal ${runId}-${i}`,
        type: 'AI & Tech',
        targetAmount: '1000000000',
      });
      await first.must('setup', 'PATCH', `/api/deals/${d.deal.id}`, { status: 'Active' });
      // A deal takes subscriptions only with a complete subscription pack (decision 036).
      await uploadSubscriptionPack(base, first.cookie, d.deal.id);
      openDeals.push(d.deal.id);
    }
    stats.clear();

    // The run.
    const t0 = performance.now();
    stopAt = t0 + seconds * 1000;
    await Promise.all([...admins.map((c, i) => adminLoop(c, i, openDeals)), ...investors.map((c, i) => investorLoop(c, i, openDeals))]);
    const elapsed = (performance.now() - t0) / 1000;
    const runStats = new Map(stats);

    // Read back every acknowledged write.
    let lost = 0;
    const lose = (what: string) => {
      lost++;
      if (failures.length < 40) failures.push(`lost write: ${what}`);
    };
    for (const [id, d] of acked.deals) {
      const r = await first.req<{ deal: { title: string; nextStep: string | null; stage: string } }>('verify', 'GET', `/api/deals/${id}`);
      if (r.status !== 200) lose(`deal ${id} answered ${r.status}`);
      else if (r.json.deal.title !== d.title || r.json.deal.nextStep !== d.nextStep || r.json.deal.stage !== d.stage)
        lose(`deal ${id}: ${JSON.stringify(r.json.deal)} != ${JSON.stringify(d)}`);
    }
    for (const [i, c] of investors.entries()) {
      const subs = await c.req<{ subscriptions: { id: string; status: string }[] }>('verify', 'GET', '/api/investor/subscriptions');
      const byId = new Map((subs.json.subscriptions ?? []).map((s) => [s.id, s.status]));
      const envelopes = await c.req<{ envelopes: { subscriptionId: string; status: string }[] }>(
        'verify',
        'GET',
        '/api/investor/envelopes',
      );
      const executed = new Set((envelopes.json.envelopes ?? []).filter((e) => e.status === 'executed').map((e) => e.subscriptionId));
      for (const [id, s] of acked.subscriptions) {
        if (s.investor !== i) continue;
        if (!byId.has(id)) lose(`subscription ${id}`);
        else if (s.completed && byId.get(id) !== 'Completed') lose(`subscription ${id} completion (${byId.get(id)})`);
        else if (s.completed && !executed.has(id)) lose(`subscription ${id}: completed without its executed agreement`);
      }
      const threads = await c.req<{ threads: { id: string }[] }>('verify', 'GET', '/api/investor/messages');
      const ids = new Set((threads.json.threads ?? []).map((t) => t.id));
      for (const [id, inv] of acked.threads) if (inv === i && !ids.has(id)) lose(`message thread ${id}`);
    }

    let requests = 0;
    let s5xx = 0;
    let s4xx = 0;
    const perEndpoint: Record<string, { count: number; p50: number; p99: number; s5xx: number; s4xx: number }> = {};
    const all: number[] = [];
    for (const [name, s] of runStats) {
      requests += s.ms.length;
      s5xx += s.s5xx;
      s4xx += s.s4xx;
      all.push(...s.ms);
      const sorted = [...s.ms].sort((a, b) => a - b);
      perEndpoint[name] = {
        count: s.ms.length,
        p50: round(median(s.ms), 1),
        p99: round(sorted[Math.floor(sorted.length * 0.99)] ?? Number.NaN, 1),
        s5xx: s.s5xx,
        s4xx: s.s4xx,
      };
    }
    const verify = stats.get('verify');
    s5xx += verify?.s5xx ?? 0;
    const sortedAll = all.sort((a, b) => a - b);
    const report = {
      seconds: round(elapsed, 1),
      server: server ? (args['database-url'] ? 'own (PostgreSQL)' : 'own (PGlite, temporary directory)') : base,
      admins: nAdmins,
      investors: nInvestors,
      requests,
      requestsPerSec: round(requests / elapsed, 0),
      p50: round(median(all), 1),
      p99: round(sortedAll[Math.floor(sortedAll.length * 0.99)] ?? Number.NaN, 1),
      errors5xx: s5xx,
      networkErrors,
      responses4xx: s4xx,
      writesAcknowledged,
      writesVerified: writesAcknowledged - lost,
      lostWrites: lost,
      dealsCreated: acked.deals.size,
      subscriptionsCreated: acked.subscriptions.size,
      subscriptionsCompleted: [...acked.subscriptions.values()].filter((s) => s.completed).length,
      threadsCreated: acked.threads.size,
      serverPeakRssMiB: server
        ? round(
            Number(
              /VmHWM:\s+(\d+)/.exec(await import('node:fs').then((fs) => fs.readFileSync(`/proc/${server?.pid}/status`, 'utf8')))?.[1],
            ) / 1024,
            0,
          )
        : null,
      failures,
      perEndpoint,
    };
    const ok = s5xx === 0 && networkErrors === 0 && lost === 0 && requests > 0 && writesAcknowledged > 0;
    const out = JSON.stringify({ ok, ...report }, null, 2);
    console.log(out);
    if (typeof args.report === 'string') {
      mkdirSync(path.dirname(path.resolve(args.report)), { recursive: true });
      writeFileSync(args.report, `${out}\n`);
    }
    await exit(ok ? 0 : 1);
  } catch (err) {
    console.error(`load test failed: ${(err as Error).stack ?? err}`);
    if (typeof args.report === 'string') {
      mkdirSync(path.dirname(path.resolve(args.report)), { recursive: true });
      writeFileSync(args.report, `${JSON.stringify({ ok: false, error: (err as Error).message, failures }, null, 2)}\n`);
    }
    await exit(1);
  }
}

void main();
