import { createHash, randomBytes } from 'node:crypto';
import { fileForm, request } from '../testing/server-process.ts';
import { type SigningParty, type SigningPost, signAndCountersign } from '../testing/signing-http.ts';

/**
 * Concurrent write load for the fault tests. Each worker loops on one kind of write until the
 * server stops answering (it was killed), and records in the ledger every write whose 2xx
 * response arrived in full: those are the writes the server acknowledged and must keep.
 */

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A PDF the upload checks accept, with random content (tens of KB, so the write takes a moment). */
export const randomPdf = (minKb = 8, maxKb = 96) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n%'), randomBytes(1024 * (minKb + Math.floor(Math.random() * (maxKb - minKb))))]);

export interface Ledger {
  signUps: string[];
  documents: { id: string; sha256: string }[];
  /** Every KYC upload sent, in order per kind, and whether it was acknowledged. */
  kyc: { kind: string; sha256: string; acked: boolean }[];
  messages: { threadId: string; sha256: string }[];
  completions: string[];
  subscriptions: string[];
  distributions: string[];
  /** Requests that got a response other than 2xx (not writes the server promised). */
  refused: { worker: string; status: number; body: string }[];
}

export const newLedger = (): Ledger => ({
  signUps: [],
  documents: [],
  kyc: [],
  messages: [],
  completions: [],
  subscriptions: [],
  distributions: [],
  refused: [],
});

export interface LoadContext {
  base: string;
  adminCookie: string;
  /** Investor with an approved KYC application (subscriptions, message recipient). */
  approvedInvestor?: { id: string; cookie: string };
  /** Investor whose KYC application is still open (KYC uploads). */
  kycInvestor?: { id: string; cookie: string };
  /** Deal with Completed subscriptions (distributions). */
  distributionDealId?: string;
  /** Deal open for investment (new subscriptions). */
  openDealId?: string;
  /**
   * Pending subscriptions to complete, all the signer's, on deals with a complete subscription
   * pack; consumed by the workers. Completion is the countersignature of the signed agreement.
   */
  pendingSubscriptions?: string[];
  /** The investor who signs the pending subscriptions' agreements (name and password for re-authentication). */
  signer?: SigningParty;
  /** The admin who countersigns (founder or legal by default). */
  countersigner?: SigningParty;
}

export type WorkerKind = 'signUp' | 'document' | 'kyc' | 'message' | 'completion' | 'subscription' | 'distribution';

let seq = 0;
const unique = () => `${Date.now().toString(36)}-${process.pid}-${++seq}`;
const KYC_KINDS = ['passport', 'address_proof', 'financial_statements', 'source_of_funds'];

/** One write of the given kind; returns false when there is nothing left to do. */
async function writeOnce(kind: WorkerKind, ctx: LoadContext, ledger: Ledger, slot: number): Promise<boolean> {
  const { base, adminCookie } = ctx;
  const refused = (status: number, body: unknown) =>
    ledger.refused.push({ worker: kind, status, body: JSON.stringify(body).slice(0, 300) });
  switch (kind) {
    case 'signUp': {
      const email = `crash.signup.${unique()}@test.example.com`;
      const res = await request(base, 'POST', '/api/auth/sign-up', { json: { email, password: 'signup-pass-1', name: 'Crash Sign-up' } });
      if (res.status === 201) ledger.signUps.push(email);
      else refused(res.status, res.body);
      return true;
    }
    case 'document': {
      const content = randomPdf();
      const res = await request<{ document: { id: string } }>(base, 'POST', '/api/documents', {
        cookie: adminCookie,
        form: fileForm({ name: `Crash ${unique()}`, type: 'Other' }, { name: 'crash.pdf', content }),
      });
      if (res.status === 201) ledger.documents.push({ id: res.body.document.id, sha256: sha256(content) });
      else refused(res.status, res.body);
      return true;
    }
    case 'kyc': {
      if (!ctx.kycInvestor) return false;
      const kind = KYC_KINDS[slot % KYC_KINDS.length] as string;
      const content = randomPdf();
      const entry = { kind, sha256: sha256(content), acked: false };
      ledger.kyc.push(entry);
      const res = await request(base, 'POST', `/api/kyc/me/documents/${kind}`, {
        cookie: ctx.kycInvestor.cookie,
        form: fileForm({}, { name: `${kind}.pdf`, content }),
      });
      if (res.status === 200) entry.acked = true;
      else refused(res.status, res.body);
      return true;
    }
    case 'message': {
      if (!ctx.approvedInvestor) return false;
      const content = randomPdf();
      const res = await request<{ threadId: string }>(base, 'POST', '/api/messages', {
        cookie: adminCookie,
        form: fileForm(
          { investorId: ctx.approvedInvestor.id, subject: `Crash ${unique()}`, body: 'Notice attached.', priority: 'Normal' },
          { name: 'notice.pdf', content },
        ),
      });
      if (res.status === 201) ledger.messages.push({ threadId: res.body.threadId, sha256: sha256(content) });
      else refused(res.status, res.body);
      return true;
    }
    case 'completion': {
      if (!ctx.signer || !ctx.countersigner) return false;
      const id = ctx.pendingSubscriptions?.shift();
      if (!id) return false;
      // Open, sign, countersign over HTTP (decision 036): only the countersignature's 200 completes.
      const post: SigningPost = async (party, _step, url, json) => request(base, 'POST', url, { cookie: party.cookie, json });
      const out = await signAndCountersign(post, id, ctx.signer, ctx.countersigner);
      if (out.step === 'countersign' && out.status === 200) ledger.completions.push(id);
      else refused(out.status, { step: out.step, body: out.body });
      return true;
    }
    case 'subscription': {
      if (!ctx.approvedInvestor || !ctx.openDealId) return false;
      const amount = `${100 + Math.floor(Math.random() * 900)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
      const res = await request<{ subscription: { id: string } }>(base, 'POST', '/api/investor/subscriptions', {
        cookie: ctx.approvedInvestor.cookie,
        json: { dealId: ctx.openDealId, amount },
      });
      if (res.status === 201) ledger.subscriptions.push(res.body.subscription.id);
      else refused(res.status, res.body);
      return true;
    }
    case 'distribution': {
      if (!ctx.distributionDealId) return false;
      // Amounts that do not split evenly, so the allocation has remainders to place.
      const totalAmount = `${1000 + Math.floor(Math.random() * 9000)}.${String(1 + Math.floor(Math.random() * 98)).padStart(2, '0')}`;
      const res = await request<{ event: { id: string } }>(base, 'POST', '/api/distributions', {
        cookie: adminCookie,
        json: { dealId: ctx.distributionDealId, type: 'Income', totalAmount, paymentDate: '2030-01-15' },
      });
      if (res.status === 201) ledger.distributions.push(res.body.event.id);
      else refused(res.status, res.body);
      return true;
    }
  }
}

/**
 * Runs the workers (kind and how many of it) until every one of them has stopped: a worker
 * stops at its first network error (the server is gone) or when it has nothing left to do.
 * Resolves with the number of requests that failed at the network level.
 */
export async function runLoad(ctx: LoadContext, ledger: Ledger, workers: Partial<Record<WorkerKind, number>>): Promise<number> {
  let networkErrors = 0;
  const loops: Promise<void>[] = [];
  for (const [kind, count] of Object.entries(workers) as [WorkerKind, number][]) {
    for (let w = 0; w < count; w++) {
      loops.push(
        (async () => {
          for (let i = 0; ; i++) {
            try {
              // KYC workers each keep to their own kinds, so each kind's uploads are sequential.
              if (!(await writeOnce(kind, ctx, ledger, kind === 'kyc' ? w + count * i : i))) return;
            } catch {
              networkErrors++;
              return;
            }
          }
        })(),
      );
    }
  }
  await Promise.all(loops);
  return networkErrors;
}
