import { randomBytes } from 'node:crypto';
import type { MessagePriority, MessageThread, MessageThreadSummary, ThreadMessage } from '../../../shared/messages.ts';
import type { MessageCipher } from '../../crypto/cipher.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { holdFileCommitLock } from '../../storage/consistency.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { ReceivedFile } from '../../storage/upload.ts';
import { logActivity } from '../activity/service.ts';
import { notifyMessageForAdmins, notifyMessageForInvestor } from '../email/notify.ts';
import { assertInvestorQuota } from '../security/quota.ts';
import {
  findAttachment,
  findThread,
  insertMessage,
  insertThread,
  isInvestorId,
  lockThread,
  markRead,
  type Side,
  type ThreadRow,
  threadMessages,
  threads,
  touchThread,
  unreadMessages,
} from './repository.ts';

export type { Side };
export const TEAM_NAME = 'Investor Relations';

function summarise(r: ThreadRow, side: Side, cipher: MessageCipher): MessageThreadSummary {
  const body = cipher.decryptText(r.lastBody);
  const unread = r.unread ?? 0;
  // An investor sees the team as one sender; admins see who wrote.
  const from =
    r.lastSenderRole === 'admin'
      ? side === 'investor'
        ? TEAM_NAME
        : (r.lastSenderName ?? 'Unknown')
      : (r.lastSenderName ?? r.investorName);
  return {
    id: r.id,
    investorId: r.investorId,
    investorName: r.investorName,
    subject: r.subject,
    from,
    date: r.lastMessageAt.toISOString(),
    status: unread > 0 ? 'Unread' : 'Read',
    unreadCount: unread,
    priority: r.priority,
    hasAttachment: r.hasAttachment,
    preview: body.length > 240 ? `${body.slice(0, 240)}…` : body,
  };
}

/** Whether an id is an investor's (the only users an admin can open a thread with). */
export async function isInvestor(q: Queryable, id: string): Promise<boolean> {
  return isInvestorId(q, id);
}

export async function listThreads(q: Queryable, cipher: MessageCipher, side: Side, investorId?: string): Promise<MessageThreadSummary[]> {
  const rows = await threads(q, side, investorId);
  return rows.map((r) => summarise(r, side, cipher));
}

export async function unreadCount(q: Queryable, side: Side, investorId?: string): Promise<number> {
  return unreadMessages(q, side, investorId);
}

/** Marks every message of the thread read for this side (POST .../:id/read; a GET changes nothing). */
export async function markThreadRead(db: Db, id: string, side: Side, investorId?: string): Promise<void> {
  await db.tx(async (q) => {
    const owner = await lockThread(q, id);
    if (!owner || (investorId && owner !== investorId)) throw notFound('Message not found');
    await markRead(q, id, side, true);
  });
}

/** The thread, if this side may see it (an investor only their own). Reading it changes nothing: see markThreadRead. */
export async function openThread(db: Db, cipher: MessageCipher, id: string, side: Side, investorId?: string): Promise<MessageThread> {
  return db.tx(async (q) => {
    const row = await findThread(q, side, id, investorId);
    if (!row) throw notFound('Message not found');
    const summary = summarise(row, side, cipher);
    const msgs = await threadMessages(q, id);
    const messages: ThreadMessage[] = msgs.map((m) => ({
      id: m.id,
      senderRole: m.senderRole,
      senderName: m.senderRole === 'admin' && side === 'investor' ? TEAM_NAME : (m.name ?? 'Unknown'),
      body: cipher.decryptText(m.bodyEnc),
      createdAt: m.createdAt.toISOString(),
      attachment:
        m.attachmentPath && m.attachmentNameEnc
          ? { name: cipher.decryptText(m.attachmentNameEnc), extension: m.attachmentExtension ?? '', size: m.attachmentSize ?? 0 }
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
        threadId = await insertThread(q, args.newThread);
      } else {
        const owner = threadId === undefined ? undefined : await lockThread(q, threadId);
        if (!owner || !threadId || (args.investorScope && owner !== args.investorScope)) throw notFound('Message not found');
        investorId = owner;
        await touchThread(q, threadId);
        // Replying means the earlier messages have been read by this side.
        await markRead(q, threadId, args.sender.role, false);
      }
      const a = args.attachment;
      await insertMessage(q, {
        threadId: threadId as string,
        senderId: args.sender.id,
        senderRole: args.sender.role,
        bodyEnc: cipher.encryptText(args.body),
        attachmentPath: key,
        attachmentNameEnc: a ? cipher.encryptText(a.file.filename) : null,
        attachmentExtension: a?.file.extension ?? null,
        attachmentSize: a?.file.temp.size ?? null,
        attachmentIv: a?.iv ?? null,
        attachmentTag: a?.tag ?? null,
        readByInvestor: args.sender.role === 'investor',
        readByAdmin: args.sender.role === 'admin',
      });
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

/** A message's attachment (the route serves it), or 404; with investorScope only that investor's. */
export async function attachmentOf(q: Queryable, messageId: string, investorScope?: string) {
  const row = await findAttachment(q, messageId);
  if (!row?.attachmentPath || (investorScope && row.investorId !== investorScope)) throw notFound('Attachment not found');
  return row;
}
