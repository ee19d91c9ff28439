import type { ChainHead, ChainVerification } from '../../../shared/audit.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { logActivity } from '../activity/service.ts';
import { audienceOf } from '../email/notify.ts';
import { enqueueEmail, enqueueEmails } from '../email/outbox.ts';
import { claimDigestDay } from '../email/repository.ts';
import { templates } from '../email/templates.ts';
import { getSettings } from '../settings/service.ts';
import { activeLegalAdmins, chainHead } from './repository.ts';
import { describeBreak, verifyChain } from './verify.ts';

/** The audit trail's actions (decision 042): verify, export the latest hash, the daily check. */

export interface Actor {
  id: string;
  name: string;
  ip: string | null;
}

export const latestHash = (q: Queryable): Promise<ChainHead> => chainHead(q);

/**
 * Walks the chain, then records the result in the log itself (a row the next walk checks).
 * The walk reads outside any transaction (it may take seconds on millions of rows; nothing it
 * reads is written by it).
 */
export async function verifyNow(db: Db, actor: Actor | null, now: Date = new Date()): Promise<ChainVerification> {
  const result = await verifyChain(db, now);
  await db.tx((q) =>
    logActivity(q, {
      type: result.ok ? 'audit_chain_verified' : 'audit_chain_broken',
      userId: actor?.id ?? null,
      details: {
        checked: result.checked,
        headSeq: result.head.seq,
        headHash: result.head.hash,
        ...(result.firstBreak ? { break: result.firstBreak.kind, seq: result.firstBreak.seq, rowId: result.firstBreak.rowId } : {}),
      },
      ip: actor?.ip ?? null,
    }),
  );
  return result;
}

/** The latest hash by e-mail (through the outbox) to an address, usually outside the firm. */
export async function emailLatestHash(db: Db, to: string, actor: Actor): Promise<ChainHead> {
  return db.tx(async (q) => {
    const head = await chainHead(q);
    const settings = await getSettings(q);
    await enqueueEmail(q, {
      kind: 'audit_head',
      to,
      userId: null,
      ...templates.auditHead(audienceOf(settings, {}), { seq: head.seq, hash: head.hash, at: head.updatedAt ?? '-', sentBy: actor.name }),
    });
    await logActivity(q, {
      type: 'audit_head_emailed',
      userId: actor.id,
      details: { to, seq: head.seq, hash: head.hash },
      ip: actor.ip,
    });
    return head;
  });
}

/**
 * The daily verification, one function for the scheduler (durable jobs: register it to run once a
 * day; it is safe to run more often). Verifies; when the chain is broken, e-mails the compliance
 * contacts (the compliance contact of the settings and every active legal admin), at most once a
 * UTC day across instances (email_digests). Returns the verification.
 */
export async function dailyAuditVerify(db: Db, now: Date = new Date()): Promise<ChainVerification> {
  const result = await verifyNow(db, null, now);
  if (result.ok || !result.firstBreak) return result;
  const problem = describeBreak(result.firstBreak);
  await db.tx(async (q) => {
    if (!(await claimDigestDay(q, 'audit_broken', now.toISOString().slice(0, 10)))) return;
    const settings = await getSettings(q);
    const admins = await activeLegalAdmins(q);
    const list = admins.map((a) => ({ to: a.email, userId: a.id as string | null, language: a.language }));
    const contact = settings.complianceContactEmail.trim();
    if (contact && !list.some((r) => r.to.toLowerCase() === contact.toLowerCase()))
      list.push({ to: contact, userId: null, language: null });
    await enqueueEmails(
      q,
      list.map((r) => ({
        kind: 'audit_broken',
        to: r.to,
        userId: r.userId,
        ...templates.auditChainBroken(audienceOf(settings, r), { problem, checked: result.checked }),
      })),
    );
  });
  return result;
}
