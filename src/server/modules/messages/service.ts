import { randomBytes } from 'node:crypto';
import type { MessagePriority, MessageThread, MessageThreadSummary, ThreadMessage } from '../../../shared/portal.ts';
import type { MessageCipher } from '../../crypto/cipher.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { notFound } from '../../http/errors.ts';
import { holdFileCommitLock } from '../../storage/consistency.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { ReceivedFile } from '../../storage/upload.ts';
import { logActivity } from '../activity/service.ts';
import { notifyMessageForAdmins, notifyMessageForInvestor } from '../email/notify.ts';
import { assertInvestorQuota } from '../security/quota.ts';

export type Side = 'admin' | 'investor';
export const TEAM_NAME = 'Investor Relations';

interface ThreadRow {
  id: string;
  investor_id: string;
  investor_name: string;
  subject: string;
  priority: MessagePriority;
  last_message_at: Date;
  unread: number;
  has_attachment: boolean;
  last_body: string;
  last_sender_role: Side;
  last_sender_name: string | null;
}

const threadsSql = (side: Side, where: string) => `
  SELECT t.id, t.investor_id, p.name AS investor_name, t.subject, t.priority, t.last_message_at,
         (SELECT count(*)::int FROM messages m WHERE m.thread_id = t.id AND NOT m.read_by_${side}) AS unread,
         EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = t.id AND m.attachment_path IS NOT NULL) AS has_attachment,
         l.body_enc AS last_body, l.sender_role AS last_sender_role, sp.name AS last_sender_name
    FROM message_threads t
    JOIN profiles p ON p.id = t.investor_id
    JOIN LATERAL (SELECT * FROM messages m WHERE m.thread_id = t.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) l ON true
    LEFT JOIN profiles sp ON sp.id = l.sender_id
   ${where}
   ORDER BY t.last_message_at DESC, t.id`;

function summarise(r: ThreadRow, side: Side, cipher: MessageCipher): MessageThreadSummary {
  const body = cipher.decryptText(r.last_body);
  // An investor sees the team as one sender; admins see who wrote.
  const from =
    r.last_sender_role === 'admin'
      ? side === 'investor'
        ? TEAM_NAME
        : (r.last_sender_name ?? 'Unknown')
      : (r.last_sender_name ?? r.investor_name);
  return {
    id: r.id,
    investorId: r.investor_id,
    investorName: r.investor_name,
    subject: r.subject,
    from,
    date: new Date(r.last_message_at).toISOString(),
    status: r.unread > 0 ? 'Unread' : 'Read',
    unreadCount: r.unread,
    priority: r.priority,
    hasAttachment: r.has_attachment,
    preview: body.length > 240 ? `${body.slice(0, 240)}…` : body,
  };
}

/** Whether an id is an investor's (the only users an admin can open a thread with). */
export async function isInvestor(q: Queryable, id: string): Promise<boolean> {
  return (await q.query("SELECT 1 FROM profiles WHERE id = $1 AND role = 'investor'", [id])).length > 0;
}

export async function listThreads(q: Queryable, cipher: MessageCipher, side: Side, investorId?: string): Promise<MessageThreadSummary[]> {
  const rows = investorId
    ? await sql<ThreadRow>(threadsSql(side, 'WHERE t.investor_id = $1')).all(q, [investorId])
    : await sql<ThreadRow>(threadsSql(side, '')).all(q);
  return rows.map((r) => summarise(r, side, cipher));
}

export async function unreadCount(q: Queryable, side: Side, investorId?: string): Promise<number> {
  const rows = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM messages m JOIN message_threads t ON t.id = m.thread_id
      WHERE NOT m.read_by_${side}${investorId ? ' AND t.investor_id = $1' : ''}`).all(q, investorId ? [investorId] : []);
  return rows[0]?.n ?? 0;
}

/** Marks every message of the thread read for this side (POST .../:id/read; a GET changes nothing). */
export async function markThreadRead(db: Db, id: string, side: Side, investorId?: string): Promise<void> {
  await db.tx(async (q) => {
    const t = await sql<{ investor_id: string }>('SELECT investor_id FROM message_threads WHERE id = $1 FOR UPDATE').all(q, [id]);
    if (!t[0] || (investorId && t[0].investor_id !== investorId)) throw notFound('Message not found');
    await q.query(`UPDATE messages SET read_by_${side} = true WHERE thread_id = $1 AND NOT read_by_${side}`, [id]);
  });
}

/** The thread, if this side may see it (an investor only their own). Reading it changes nothing: see markThreadRead. */
export async function openThread(db: Db, cipher: MessageCipher, id: string, side: Side, investorId?: string): Promise<MessageThread> {
  return db.tx(async (q) => {
    const row = await sql<ThreadRow>(threadsSql(side, `WHERE t.id = $1${investorId ? ' AND t.investor_id = $2' : ''}`)).first(
      q,
      investorId ? [id, investorId] : [id],
    );
    if (!row) throw notFound('Message not found');
    const summary = summarise(row, side, cipher);
    const msgs = await sql<{
      id: string;
      sender_role: Side;
      name: string | null;
      body_enc: string;
      created_at: Date;
      attachment_path: string | null;
      attachment_name_enc: string | null;
      attachment_extension: string | null;
      attachment_size: number | null;
    }>(`SELECT m.id, m.sender_role, p.name, m.body_enc, m.created_at, m.attachment_path, m.attachment_name_enc, m.attachment_extension, m.attachment_size
         FROM messages m LEFT JOIN profiles p ON p.id = m.sender_id WHERE m.thread_id = $1 ORDER BY m.created_at, m.id`).all(q, [id]);
    const messages: ThreadMessage[] = msgs.map((m) => ({
      id: m.id,
      senderRole: m.sender_role,
      senderName: m.sender_role === 'admin' && side === 'investor' ? TEAM_NAME : (m.name ?? 'Unknown'),
      body: cipher.decryptText(m.body_enc),
      createdAt: new Date(m.created_at).toISOString(),
      attachment:
        m.attachment_path && m.attachment_name_enc
          ? { name: cipher.decryptText(m.attachment_name_enc), extension: m.attachment_extension ?? '', size: m.attachment_size ?? 0 }
          : null,
    }));
    return { ...summary, messages };
  });
}

export interface EncryptedAttachment {
  file: ReceivedFile;
  iv: string;
  tag: string;
}

/**
 * Adds a message (starting a thread when `thread` is given as a new subject), with an
 * optional encrypted attachment; the file and the row commit together.
 */
export async function postMessage(
  db: Db,
  files: FileStore,
  cipher: MessageCipher,
  args: {
    threadId?: string;
    newThread?: { investorId: string; subject: string; priority: MessagePriority };
    sender: { id: string; role: Side };
    body: string;
    attachment?: EncryptedAttachment | null;
    ip: string;
    /** Investors may only post to their own threads. */
    investorScope?: string;
  },
): Promise<string> {
  const key = args.attachment ? `messages/${Date.now()}-${randomBytes(8).toString('hex')}.bin` : null;
  let committed = false;
  try {
    return await db.tx(async (q) => {
      let threadId = args.threadId;
      let investorId = args.newThread?.investorId;
      if (args.newThread) {
        const t = await sql<{ id: string }>(
          'INSERT INTO message_threads (investor_id, subject, priority) VALUES ($1, $2, $3) RETURNING id',
        ).all(q, [args.newThread.investorId, args.newThread.subject, args.newThread.priority]);
        threadId = t[0]?.id;
      } else {
        const t = await sql<{ id: string; investor_id: string }>(
          'SELECT id, investor_id FROM message_threads WHERE id = $1 FOR UPDATE',
        ).all(q, [threadId]);
        if (!t[0] || (args.investorScope && t[0].investor_id !== args.investorScope)) throw notFound('Message not found');
        investorId = t[0].investor_id;
        await q.query('UPDATE message_threads SET last_message_at = now() WHERE id = $1', [threadId]);
        // Replying means the earlier messages have been read by this side.
        await q.query(`UPDATE messages SET read_by_${args.sender.role} = true WHERE thread_id = $1`, [threadId]);
      }
      const a = args.attachment;
      await q.query(
        `INSERT INTO messages (thread_id, sender_id, sender_role, body_enc, attachment_path, attachment_name_enc, attachment_extension,
                               attachment_size, attachment_iv, attachment_tag, read_by_investor, read_by_admin)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          threadId,
          args.sender.id,
          args.sender.role,
          cipher.encryptText(args.body),
          key,
          a ? cipher.encryptText(a.file.filename) : null,
          a?.file.extension ?? null,
          a?.file.temp.size ?? null,
          a?.iv ?? null,
          a?.tag ?? null,
          args.sender.role === 'investor',
          args.sender.role === 'admin',
        ],
      );
      if (a && args.sender.role === 'investor') await assertInvestorQuota(q, args.sender.id, a.file.temp.size);
      await logActivity(q, { type: 'message_sent', userId: args.sender.id, details: { threadId, hasAttachment: Boolean(a) }, ip: args.ip });
      if (investorId && threadId) {
        if (args.sender.role === 'admin') await notifyMessageForInvestor(q, investorId, threadId);
        else await notifyMessageForAdmins(q, investorId, threadId);
      }
      if (a && key) {
        await holdFileCommitLock(q);
        await files.commit(a.file.temp, key);
        committed = true;
      }
      return threadId as string;
    });
  } catch (err) {
    if (committed && key) await files.delete(key).catch(() => {});
    if (args.attachment) await files.discard(args.attachment.file.temp).catch(() => {});
    throw err;
  }
}

export async function attachmentOf(q: Queryable, messageId: string, investorScope?: string) {
  const row = await sql<{
    attachment_path: string | null;
    attachment_name_enc: string | null;
    attachment_extension: string | null;
    attachment_size: number | null;
    attachment_iv: string | null;
    attachment_tag: string | null;
    investor_id: string;
  }>(`SELECT m.attachment_path, m.attachment_name_enc, m.attachment_extension, m.attachment_size, m.attachment_iv, m.attachment_tag, t.investor_id
         FROM messages m JOIN message_threads t ON t.id = m.thread_id WHERE m.id = $1`).first(q, [messageId]);
  if (!row?.attachment_path || (investorScope && row.investor_id !== investorScope)) throw notFound('Attachment not found');
  return row;
}
