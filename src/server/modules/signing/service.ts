import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { sql as kysql } from 'kysely';
import type { z } from 'zod';
import type { AppUser } from '../../../shared/auth.ts';
import { formatDateTime, formatDay } from '../../../shared/dates.ts';
import { isLanguage, type Language } from '../../../shared/i18n/languages.ts';
import { formatUsdExact } from '../../../shared/money.ts';
import {
  type countersignInput,
  DEFAULT_SIGNING_SETTINGS,
  ENVELOPE_STATE_MESSAGES,
  type Envelope,
  type EnvelopeStatus,
  envelopeExpiresAt,
  missingKinds,
  type openEnvelopeInput,
  type PackStatusRow,
  type PlacedField,
  packMissingMessage,
  SIGNING_MESSAGES,
  type SigningSettings,
  type SubscriptionPack,
  type signInput,
  signingSettingsSchema,
} from '../../../shared/signing.ts';
import { reauthenticate as reauthenticateUser } from '../../auth/reauthenticate.ts';
import { signatureMark } from '../../auth/signature-mark.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { localeOf, translator } from '../../i18n.ts';
import { holdFileCommitLock } from '../../storage/consistency.ts';
import type { FileStore, TempFile } from '../../storage/file-store.ts';
import { logActivity } from '../activity/service.ts';
import { notifySigningEnvelope } from '../email/notify.ts';
import { documentRenderer } from '../ledger/pdf-pool.ts';
import { companyDayIn } from '../settings/clock.ts';
import { storedSettings, upsertSettings } from '../settings/repository.ts';
import { getSettings } from '../settings/service.ts';
import { transitionSubscription } from '../subscriptions/service.ts';
import { type certificatePdf, checkFieldsOnPages, inspectTemplate, type SignatureMark } from './pdf.ts';
import type { SigningPdfJob } from './pdf-jobs.ts';
import {
  addEvent,
  type EnvelopeRow,
  envelopeRow,
  envelopeRows,
  eventsOf,
  insertPack,
  latestPack,
  liveEnvelopeOf,
  packById,
  packStatusRows,
  toEnvelope,
  toPack,
} from './repository.ts';
import { sealCertificate } from './seal.ts';

/**
 * Subscription documents signed in the product (issue 30, decision record 036). The order of
 * a signing: the investor opens the envelope (the agreement generated for them and stored as
 * shown, with its SHA-256), signs it (consent, typed or drawn signature, re-authentication), an
 * authorised admin countersigns (re-authentication; the executed PDF is built, sealed and
 * stored) and the subscription completes through its existing path into the ledger.
 */

/** Storage keys: under 'signing/', swept with the other managed areas (storage/consistency.ts). */
const packKey = (dealId: string) => `signing/packs/${dealId}/${randomUUID()}.pdf`;
const shownKey = (envelopeId: string) => `signing/envelopes/${envelopeId}/${randomUUID()}-shown.pdf`;
const executedKey = (envelopeId: string) => `signing/envelopes/${envelopeId}/${randomUUID()}-executed.pdf`;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function readStored(files: FileStore, key: string): Promise<Buffer> {
  let stream: Readable;
  try {
    stream = await files.read(key);
  } catch {
    throw notFound(SIGNING_MESSAGES.fileMissing);
  }
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const toTemp = (files: FileStore, bytes: Uint8Array): Promise<TempFile> => files.writeTemp(Readable.from([Buffer.from(bytes)]));

// ---------------------------------------------------------------------------------------------
// Settings

export async function signingSettings(q: Queryable): Promise<SigningSettings> {
  const stored = await storedSettings(q, 'signing');
  const parsed = signingSettingsSchema.safeParse({ ...DEFAULT_SIGNING_SETTINGS, ...(stored ?? {}) });
  return parsed.success ? parsed.data : { ...DEFAULT_SIGNING_SETTINGS };
}

/** Founders only, checked before the body is read (a preHandler), the refusal logged. */
export async function assertFounderForSigningSettings(ctx: AppContext, actor: AppUser, ip: string): Promise<void> {
  if (actor.userType === 'founder') return;
  await logActivity(ctx.db, { type: 'admin_action_refused', userId: actor.id, details: { action: 'signing_settings' }, ip });
  throw forbidden(SIGNING_MESSAGES.onlyFounder, 'FOUNDER_ONLY');
}

export async function saveSigningSettings(ctx: AppContext, actor: AppUser, value: SigningSettings, ip: string): Promise<SigningSettings> {
  await assertFounderForSigningSettings(ctx, actor, ip);
  return ctx.db.tx(async (q) => {
    await upsertSettings(q, 'signing', value, actor.id);
    await logActivity(q, { type: 'settings_updated', userId: actor.id, details: { signing: value }, ip });
    return signingSettings(q);
  });
}

// ---------------------------------------------------------------------------------------------
// Packs

async function requireDeal(q: Queryable, dealId: string, lock = false): Promise<{ id: string; title: string }> {
  let qb = typed(q).selectFrom('deals').select(['id', 'title']).where('id', '=', dealId);
  if (lock) qb = qb.forUpdate();
  const deal = await qb.executeTakeFirst();
  if (!deal) throw notFound('Deal not found');
  return deal;
}

export async function getPack(q: Queryable, dealId: string): Promise<SubscriptionPack | null> {
  await requireDeal(q, dealId);
  const p = await latestPack(q, dealId);
  return p ? toPack(p) : null;
}

function requireSignatureField(fields: readonly PlacedField[]): void {
  if (!fields.some((f) => f.kind === 'investor_signature'))
    throw badRequest(SIGNING_MESSAGES.noSignatureField, { fields: SIGNING_MESSAGES.noSignatureField });
}

/**
 * A new pack version from an uploaded template and its fields. Checked before anything is
 * stored: a readable, unencrypted PDF, fields on its pages, an investor signature field. The
 * temporary file is the caller's until this returns (discarded on any error).
 */
export async function uploadPack(
  ctx: AppContext,
  dealId: string,
  fields: PlacedField[],
  temp: TempFile,
  fileName: string,
  actor: AppUser,
  ip: string,
): Promise<SubscriptionPack> {
  await requireDeal(ctx.db, dealId);
  const info = await inspectTemplate(await readFile(temp.tempPath));
  checkFieldsOnPages(fields, info);
  requireSignatureField(fields);
  const key = packKey(dealId);
  let committed = false;
  try {
    return await ctx.db.tx(async (q) => {
      await requireDeal(q, dealId, true);
      const row = await insertPack(q, {
        dealId,
        filePath: key,
        fileName,
        byteSize: temp.size,
        sha256: temp.sha256,
        pageCount: info.pageCount,
        fields,
        createdBy: actor.id,
      });
      await logActivity(q, {
        type: 'subscription_pack_uploaded',
        userId: actor.id,
        details: { dealId, version: row.version, fileName, fields: fields.length },
        ip,
      });
      await holdFileCommitLock(q);
      await ctx.files.commit(temp, key);
      committed = true;
      return toPack(row);
    });
  } catch (err) {
    if (committed) await ctx.files.delete(key).catch(() => {});
    throw err;
  }
}

/** A new version with the latest template and these fields (the placement screen saves this way). */
export async function updatePackFields(ctx: AppContext, dealId: string, fields: PlacedField[], actor: AppUser, ip: string) {
  return ctx.db.tx(async (q) => {
    await requireDeal(q, dealId, true);
    const latest = await latestPack(q, dealId);
    if (!latest) throw notFound(SIGNING_MESSAGES.packNotFound);
    checkFieldsOnPages(fields, { pageCount: latest.pageCount, pages: await pageSizes(ctx.files, latest.filePath) });
    requireSignatureField(fields);
    const row = await insertPack(q, { ...latest, fields, createdBy: actor.id });
    await logActivity(q, {
      type: 'subscription_pack_uploaded',
      userId: actor.id,
      details: { dealId, version: row.version, fileName: row.fileName, fields: fields.length },
      ip,
    });
    return toPack(row);
  });
}

async function pageSizes(files: FileStore, key: string) {
  return (await inspectTemplate(await readStored(files, key))).pages;
}

export async function packTemplate(ctx: AppContext, dealId: string): Promise<{ bytes: Buffer; name: string }> {
  const pack = await latestPack(ctx.db, dealId);
  if (!pack) throw notFound(SIGNING_MESSAGES.packNotFound);
  return { bytes: await readStored(ctx.files, pack.filePath), name: pack.fileName.replace(/\.pdf$/i, '') };
}

export async function packStatus(q: Queryable, dealId: string): Promise<PackStatusRow[]> {
  await requireDeal(q, dealId);
  return packStatusRows(q, dealId);
}

// ---------------------------------------------------------------------------------------------
// Envelopes

async function withEvents(q: Queryable, rows: EnvelopeRow[]): Promise<Envelope[]> {
  const events = await eventsOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toEnvelope(r, events.get(r.id) ?? []));
}

/** The envelope for its investor (another investor's is 404) or for an admin (no `investorId`). */
export async function getEnvelope(q: Queryable, id: string, investorId?: string): Promise<Envelope> {
  const row = await envelopeRow(q, id);
  if (!row || (investorId !== undefined && row.investorId !== investorId)) throw notFound(SIGNING_MESSAGES.envelopeNotFound);
  return (await withEvents(q, [row]))[0] as Envelope;
}

export async function listEnvelopes(
  q: Queryable,
  filter: { investorId?: string; status?: EnvelopeStatus; dealId?: string },
): Promise<Envelope[]> {
  return withEvents(q, await envelopeRows(q, filter));
}

/**
 * An open envelope (sent or signed) has expired at its expiry or once its deal is closed
 * (issue 30: "the pack expires after the deal's close date or a configurable number of days").
 */
export const expiredNow = (r: Pick<EnvelopeRow, 'status' | 'expiresAt' | 'dealStatus'>, now: Date) =>
  (r.status === 'sent' || r.status === 'signed') && (new Date(r.expiresAt) <= now || r.dealStatus === 'Closed');

/** Marks an open envelope expired with its `expired` event; the caller holds its row lock. */
export async function markExpired(q: Queryable, r: Pick<EnvelopeRow, 'id' | 'dealStatus'>): Promise<void> {
  await typed(q)
    .updateTable('signing_envelopes')
    .set({ status: 'expired', closedAt: kysql<Date>`now()`, updatedAt: kysql<Date>`now()`, claimToken: null, claimedUntil: null })
    .where('id', '=', r.id)
    .execute();
  await addEvent(q, {
    envelopeId: r.id,
    kind: 'expired',
    actorId: null,
    ip: null,
    details: r.dealStatus === 'Closed' ? { reason: 'deal closed' } : {},
  });
}

/**
 * Opens (or returns) the subscription's envelope: the agreement generated for the investor from
 * the deal's latest complete pack, with their name, entity, amount and today's date in the
 * company's zone, stored as shown with its SHA-256.
 */
export async function openEnvelope(
  ctx: AppContext,
  user: Pick<AppUser, 'id'>,
  subscriptionId: string,
  input: z.output<typeof openEnvelopeInput>,
  ip: string,
  /**
   * An admin's resend (resend.ts): who generated it (the trail's actor), and what else happens in
   * the same transaction when a new envelope is made (the e-mail to the investor).
   */
  opts: { actorId?: string; onCreated?: (q: Queryable, envelopeId: string) => Promise<void> } = {},
): Promise<Envelope> {
  const sub = await typed(ctx.db)
    .selectFrom('subscriptions as s')
    .innerJoin('profiles as p', 'p.id', 's.investorId')
    .select(['s.id', 's.investorId', 's.dealId', 's.amount', 's.status', 'p.name', 'p.language'])
    .where('s.id', '=', subscriptionId)
    .executeTakeFirst();
  if (!sub || sub.investorId !== user.id) throw notFound('Subscription not found');
  const live = await liveEnvelopeOf(ctx.db, subscriptionId);
  // A closed deal's agreements can no longer be signed: its open envelope expires, no new one is
  // made (an executed one is still returned below).
  const deal = await typed(ctx.db).selectFrom('deals').select('status').where('id', '=', sub.dealId).executeTakeFirstOrThrow();
  if (deal.status === 'Closed' && live?.status !== 'executed') {
    if (live && (live.status === 'sent' || live.status === 'signed'))
      await ctx.db.tx(async (q) => {
        const locked = await envelopeRow(q, live.id, true);
        if (locked && expiredNow(locked, now(ctx))) await markExpired(q, locked);
      });
    throw conflict(SIGNING_MESSAGES.dealClosed, 'DEAL_CLOSED');
  }
  if (live && !expiredNow(live, now(ctx))) return getEnvelope(ctx.db, live.id, user.id);
  if (sub.status !== 'Pending' && sub.status !== 'Under Review') throw conflict(SIGNING_MESSAGES.noAgreement, 'INVALID_TRANSITION');
  const pack = await latestPack(ctx.db, sub.dealId);
  if (!pack) throw conflict(packMissingMessage(null), 'PACK_MISSING');
  const missing = missingKinds(pack.fields);
  if (missing.length > 0) throw conflict(packMissingMessage(missing), 'PACK_INCOMPLETE');

  const settings = await signingSettings(ctx.db);
  const company = await getSettings(ctx.db);
  const language: Language = isLanguage(sub.language) ? sub.language : isLanguage(company.language) ? company.language : 'en';
  const { today, zone } = await companyDayIn(ctx.db, now(ctx));
  const entity = input.entity?.trim() || sub.name;
  const template = await readStored(ctx.files, pack.filePath);
  // Filled in a document worker, off the request thread (pdf-jobs.ts).
  const job: SigningPdfJob = {
    kind: 'agreement',
    template,
    fields: pack.fields,
    values: {
      investor_name: sub.name,
      entity,
      amount: formatUsdExact(sub.amount),
      date: formatDay(today, 'longDay', { locale: 'en-GB' }),
    },
  };
  const shown = await documentRenderer(ctx).render(job);
  const id = randomUUID();
  const key = shownKey(id);
  const temp = await toTemp(ctx.files, shown);
  let committed = false;
  try {
    return await ctx.db.tx(async (q) => {
      // The subscription's lock: two parallel opens make one envelope.
      const locked = await typed(q)
        .selectFrom('subscriptions')
        .select('status')
        .where('id', '=', subscriptionId)
        .forUpdate()
        .executeTakeFirst();
      if (!locked || (locked.status !== 'Pending' && locked.status !== 'Under Review'))
        throw conflict(SIGNING_MESSAGES.noAgreement, 'INVALID_TRANSITION');
      const again = await liveEnvelopeOf(q, subscriptionId);
      if (again && !expiredNow(again, now(ctx))) {
        await ctx.files.discard(temp).catch(() => {});
        return getEnvelope(q, again.id, user.id);
      }
      if (again) await markExpired(q, again);
      // Signable through the company day `envelopeDays` after today (decision 036).
      const expires = envelopeExpiresAt(today, settings.envelopeDays, zone);
      await typed(q)
        .insertInto('signing_envelopes')
        .values({
          id,
          subscriptionId,
          packId: pack.id,
          investorId: user.id,
          language,
          expiresAt: expires,
          documentPath: key,
          documentSha256: sha256(shown),
          documentBytes: shown.length,
          entity,
        })
        .execute();
      await addEvent(q, {
        envelopeId: id,
        kind: 'created',
        actorId: opts.actorId ?? user.id,
        ip,
        // The questionnaire's answers as the investor confirmed them (issue 30), kept with the trail.
        details: {
          packVersion: pack.version,
          sha256: sha256(shown),
          ...(input.questionnaire ? { questionnaire: { entity, ...input.questionnaire } } : {}),
        },
      });
      if (opts.onCreated) await opts.onCreated(q, id);
      await holdFileCommitLock(q);
      await ctx.files.commit(temp, key);
      committed = true;
      return getEnvelope(q, id, user.id);
    });
  } catch (err) {
    if (committed) await ctx.files.delete(key).catch(() => {});
    else await ctx.files.discard(temp).catch(() => {});
    throw err;
  }
}

const now = (ctx: Pick<AppContext, 'now'>) => (ctx.now ? ctx.now() : new Date());

/**
 * The agreement's PDF for its investor or an admin: the executed one once executed, else the
 * one shown for signing. The investor's first look is the trail's 'viewed' event.
 */
export async function envelopeDocument(
  ctx: AppContext,
  id: string,
  viewer: { id: string; investor: boolean },
  ip: string,
): Promise<{ key: string; byteSize: number; name: string }> {
  const row = await envelopeRow(ctx.db, id);
  if (!row || (viewer.investor && row.investorId !== viewer.id)) throw notFound(SIGNING_MESSAGES.envelopeNotFound);
  if (viewer.investor && !row.viewedAt) {
    await ctx.db.tx(async (q) => {
      const locked = await envelopeRow(q, id, true);
      if (!locked || locked.viewedAt) return;
      await typed(q).updateTable('signing_envelopes').set({ viewedAt: kysql<Date>`now()` }).where('id', '=', id).execute();
      await addEvent(q, { envelopeId: id, kind: 'viewed', actorId: viewer.id, ip });
    });
  }
  const executed = row.status === 'executed' && row.executedPath;
  const base = `Subscription agreement - ${row.dealTitle} - ${row.investorName}`;
  return executed
    ? { key: row.executedPath as string, byteSize: row.executedBytes ?? 0, name: `${base} (executed)` }
    : { key: row.documentPath, byteSize: row.documentBytes, name: base };
}

/**
 * Holds the envelope for one sign or countersign request (decision 036): under its row lock,
 * the status must be `from` and no other request may hold it; an envelope past its expiry is
 * marked expired (committed) and refused. Parallel requests get 409 at once.
 */
async function claim(
  ctx: AppContext,
  id: string,
  from: 'sent' | 'signed',
  check: (r: EnvelopeRow) => void,
): Promise<{ token: string; row: EnvelopeRow }> {
  const token = randomUUID();
  const result = await ctx.db.tx(async (q) => {
    const row = await envelopeRow(q, id, true);
    if (!row) throw notFound(SIGNING_MESSAGES.envelopeNotFound);
    check(row);
    if (expiredNow(row, now(ctx))) {
      await markExpired(q, row);
      return 'expired' as const;
    }
    if (row.status !== from) throw conflict(ENVELOPE_STATE_MESSAGES[row.status], 'ENVELOPE_STATE');
    if (row.claimedUntil && new Date(row.claimedUntil) > now(ctx)) throw conflict(SIGNING_MESSAGES.busy, 'ENVELOPE_BUSY');
    await typed(q)
      .updateTable('signing_envelopes')
      .set({ claimToken: token, claimedUntil: new Date(now(ctx).getTime() + 120_000) })
      .where('id', '=', id)
      .execute();
    return row;
  });
  if (result === 'expired') throw conflict(ENVELOPE_STATE_MESSAGES.expired, 'ENVELOPE_EXPIRED');
  return { token, row: result };
}

async function unclaim(ctx: AppContext, id: string, token: string): Promise<void> {
  await typed(ctx.db)
    .updateTable('signing_envelopes')
    .set({ claimToken: null, claimedUntil: null })
    .where('id', '=', id)
    .where('claimToken', '=', token)
    .execute();
}

/** Re-authentication at the moment of signing (src/server/auth/reauthenticate.ts). */
const reauthenticate = (
  ctx: AppContext,
  user: AppUser,
  input: { password?: string | undefined; code?: string | undefined },
  ip: string,
): Promise<'password' | 'totp'> => reauthenticateUser(ctx.db, ctx.config, user, input, ip, SIGNING_MESSAGES);

/** The investor's signature, checked before any state changes (one rule with the tax self-certification). */
async function investorMark(
  input: z.output<typeof signInput>,
  name: string,
): Promise<{ mark: SignatureMark; stored: Record<string, unknown> }> {
  const mark = await signatureMark(input, name);
  return mark.method === 'typed'
    ? { mark, stored: { method: 'typed', typedName: mark.text } }
    : { mark, stored: { method: 'drawn', png: mark.png.toString('base64') } };
}

export async function signEnvelope(
  ctx: AppContext,
  user: AppUser,
  id: string,
  input: z.output<typeof signInput>,
  ip: string,
): Promise<Envelope> {
  const pre = await envelopeRow(ctx.db, id);
  if (!pre || pre.investorId !== user.id) throw notFound(SIGNING_MESSAGES.envelopeNotFound);
  const { stored } = await investorMark(input, pre.investorName);
  const { token } = await claim(ctx, id, 'sent', (r) => {
    if (r.investorId !== user.id) throw notFound(SIGNING_MESSAGES.envelopeNotFound);
  });
  try {
    const method = await reauthenticate(ctx, user, input, ip);
    const at = now(ctx);
    return await ctx.db.tx(async (q) => {
      const row = await envelopeRow(q, id, true);
      if (!row || row.claimToken !== token || row.status !== 'sent')
        throw conflict(ENVELOPE_STATE_MESSAGES[row?.status ?? 'voided'], 'ENVELOPE_STATE');
      const signature = {
        ...stored,
        reauth: method,
        ip,
        at: at.toISOString(),
        name: row.investorName,
        email: row.investorEmail,
        consent: true,
      };
      await typed(q)
        .updateTable('signing_envelopes')
        .set({
          status: 'signed',
          investorSignature: JSON.stringify(signature),
          signedAt: at,
          updatedAt: at,
          claimToken: null,
          claimedUntil: null,
        })
        .where('id', '=', id)
        .execute();
      await addEvent(q, {
        envelopeId: id,
        kind: 'signed',
        actorId: user.id,
        ip,
        at,
        details: { method: stored.method, reauth: method, consent: true, sha256: row.documentSha256 },
      });
      await logActivity(q, {
        type: 'subscription_agreement_signed',
        userId: user.id,
        targetUserId: user.id,
        details: { envelopeId: id, subscriptionId: row.subscriptionId, dealId: row.dealId, title: row.dealTitle },
        ip,
      });
      return getEnvelope(q, id, user.id);
    });
  } finally {
    await unclaim(ctx, id, token);
  }
}

/** The investor declines (with a reason) or an admin voids (with a reason) an open envelope. */
export async function closeEnvelope(
  ctx: AppContext,
  actor: AppUser,
  id: string,
  action: 'decline' | 'void',
  reason: string,
  ip: string,
): Promise<Envelope> {
  return ctx.db.tx(async (q) => {
    const row = await envelopeRow(q, id, true);
    if (!row || (action === 'decline' && row.investorId !== actor.id)) throw notFound(SIGNING_MESSAGES.envelopeNotFound);
    const allowed: EnvelopeStatus[] = action === 'decline' ? ['sent'] : ['sent', 'signed'];
    if (!allowed.includes(row.status)) throw conflict(ENVELOPE_STATE_MESSAGES[row.status], 'ENVELOPE_STATE');
    if (row.claimedUntil && new Date(row.claimedUntil) > now(ctx)) throw conflict(SIGNING_MESSAGES.busy, 'ENVELOPE_BUSY');
    const status = action === 'decline' ? 'declined' : 'voided';
    await typed(q)
      .updateTable('signing_envelopes')
      .set({ status, reason, closedAt: kysql<Date>`now()`, updatedAt: kysql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await addEvent(q, { envelopeId: id, kind: status, actorId: actor.id, ip, details: { reason } });
    await logActivity(q, {
      type: action === 'decline' ? 'subscription_agreement_declined' : 'subscription_agreement_voided',
      userId: actor.id,
      targetUserId: row.investorId,
      details: { envelopeId: id, subscriptionId: row.subscriptionId, dealId: row.dealId, title: row.dealTitle, reason },
      ip,
    });
    // The investor is told (issue 30): an e-mail through the outbox; their envelope shows it too.
    if (action === 'void')
      await notifySigningEnvelope(q, row.investorId, {
        deal: row.dealTitle,
        kind: 'voided',
        reason,
        subscriptionId: row.subscriptionId,
        expires: null,
      });
    return getEnvelope(q, id);
  });
}

interface StoredSignature {
  method: 'typed' | 'drawn';
  typedName?: string;
  png?: string;
  reauth: 'password' | 'totp';
  ip: string;
  at: string;
  name: string;
  email: string;
  role?: string;
}

const markOf = (s: StoredSignature): SignatureMark =>
  s.method === 'drawn' ? { method: 'drawn', png: Buffer.from(s.png ?? '', 'base64') } : { method: 'typed', text: s.typedName ?? s.name };

/**
 * The GP's countersignature by an admin of an authorised type: re-authentication, the executed
 * PDF (signatures in their fields, the certificate page in the investor's language, sealed),
 * stored; then the subscription completes (the ledger's commitment) in the same transaction.
 */
export async function countersignEnvelope(
  ctx: AppContext,
  user: AppUser,
  id: string,
  input: z.output<typeof countersignInput>,
  ip: string,
): Promise<Envelope> {
  const settings = await signingSettings(ctx.db);
  if (!user.userType || !(settings.countersignAdminTypes as string[]).includes(user.userType))
    throw forbidden(SIGNING_MESSAGES.notAuthorisedToCountersign, 'NOT_AUTHORISED_TO_COUNTERSIGN');
  const { token, row } = await claim(ctx, id, 'signed', () => {});
  let key: string | null = null;
  let committed = false;
  try {
    const method = await reauthenticate(ctx, user, input, ip);
    const at = now(ctx);
    const pack = await packById(ctx.db, row.packId);
    const investorSig = row.investorSignature as unknown as StoredSignature; // jsonb, written by the investor's signing (above)
    const gpSig: StoredSignature = {
      method: 'typed',
      typedName: input.name,
      reauth: method,
      ip,
      at: at.toISOString(),
      name: input.name,
      email: user.email,
      role: input.title,
    };
    const shown = await readStored(ctx.files, row.documentPath);
    const company = await getSettings(ctx.db);
    const { zone } = await companyDayIn(ctx.db, at);
    const cert = await sealCertificate(ctx.config, company.companyName);
    const events = (await eventsOf(ctx.db, [id])).get(id) ?? [];
    // Drawn and sealed in a document worker, off the request thread (pdf-jobs.ts).
    const job: SigningPdfJob = {
      kind: 'executed',
      shown,
      fields: pack.fields,
      investor: { mark: markOf(investorSig), name: row.investorName },
      gp: { mark: markOf(gpSig), nameTitle: `${input.name}, ${input.title}` },
      certificate: certificateContent(
        row,
        pack.version,
        investorSig,
        gpSig,
        events,
        { at, actorName: user.name, ip },
        zone,
        cert,
        row.language,
      ),
      cert,
      seal: {
        reason: `Subscription agreement executed (envelope ${id})`,
        location: company.companyName,
        name: cert.subject,
      },
    };
    const sealed = await documentRenderer(ctx).render(job);
    key = executedKey(id);
    const temp = await toTemp(ctx.files, sealed);
    const finalKey = key;
    return await ctx.db.tx(async (q) => {
      const locked = await envelopeRow(q, id, true);
      if (!locked || locked.claimToken !== token || locked.status !== 'signed') {
        await ctx.files.discard(temp).catch(() => {});
        throw conflict(ENVELOPE_STATE_MESSAGES[locked?.status ?? 'voided'], 'ENVELOPE_STATE');
      }
      await typed(q)
        .updateTable('signing_envelopes')
        .set({
          status: 'executed',
          gpSignature: JSON.stringify({ ...gpSig, actorId: user.id }),
          executedPath: finalKey,
          executedSha256: sha256(sealed),
          executedBytes: sealed.length,
          executedAt: at,
          closedAt: at,
          updatedAt: at,
          claimToken: null,
          claimedUntil: null,
        })
        .where('id', '=', id)
        .execute();
      await addEvent(q, {
        envelopeId: id,
        kind: 'countersigned',
        actorId: user.id,
        ip,
        at,
        details: { reauth: method, name: input.name, title: input.title, executedSha256: sha256(sealed) },
      });
      // The existing completion path, now gated on this executed agreement: the ledger's commitment.
      await transitionSubscription(q, row.subscriptionId, 'complete', { id: user.id, role: 'admin' }, ip);
      // The investor's copy (issue 30): an e-mail with a link to the executed agreement, in their language.
      await notifySigningEnvelope(q, row.investorId, {
        deal: row.dealTitle,
        kind: 'executed',
        reason: null,
        subscriptionId: row.subscriptionId,
        expires: null,
      });
      await holdFileCommitLock(q);
      await ctx.files.commit(temp, finalKey);
      committed = true;
      return getEnvelope(q, id);
    });
  } catch (err) {
    if (committed && key) await ctx.files.delete(key).catch(() => {});
    throw err;
  } finally {
    await unclaim(ctx, id, token);
  }
}

function certificateContent(
  row: EnvelopeRow,
  version: number,
  investor: StoredSignature,
  gp: StoredSignature,
  events: { seq: number; kind: string; at: string; actorName: string | null; ip: string | null }[],
  countersign: { at: Date; actorName: string; ip: string },
  zone: string,
  cert: { selfSigned: boolean; subject: string },
  language: Language,
): Parameters<typeof certificatePdf>[0] {
  const t = translator(language, 'signing');
  const locale = localeOf(language);
  const utc = (d: Date | string) => `${new Date(d).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const zoned = (d: Date | string) => `${formatDateTime(d, { timeZone: zone, locale })} (${zone})`;
  const signer = (s: StoredSignature, role: string) => ({
    role,
    name: s.name,
    email: s.email,
    method: t(`certificate.method.${s.method}`),
    reauth: t(`certificate.reauth.${s.reauth}`),
    atZone: zoned(s.at),
    atUtc: utc(s.at),
    ip: s.ip,
  });
  const all = [
    ...events,
    {
      seq: (events.at(-1)?.seq ?? 0) + 1,
      kind: 'countersigned',
      at: countersign.at.toISOString(),
      actorName: countersign.actorName,
      ip: countersign.ip,
    },
  ];
  return {
    language,
    labels: {
      title: t('certificate.title'),
      document: t('certificate.document'),
      envelope: t('certificate.envelope'),
      version: t('certificate.version'),
      sha256: t('certificate.sha256'),
      seal: t('certificate.sealLabel'),
      signers: t('certificate.signers'),
      name: t('certificate.name'),
      email: t('certificate.email'),
      role: t('certificate.role'),
      method: t('certificate.method.label'),
      reauth: t('certificate.reauth.label'),
      atZone: t('certificate.atZone'),
      atUtc: t('certificate.atUtc'),
      ip: t('certificate.ip'),
      events: t('certificate.events'),
    },
    documentTitle: t('certificate.documentTitle', { deal: row.dealTitle, investor: row.investorName }),
    envelopeId: row.id,
    version: String(version),
    sha256: row.documentSha256,
    seal: cert.selfSigned ? t('certificate.selfSigned', { subject: cert.subject }) : t('certificate.firmSigned', { subject: cert.subject }),
    signers: [signer(investor, t('certificate.roleInvestor')), signer(gp, t('certificate.roleGp', { title: gp.role ?? '' }))],
    events: all.map((e) =>
      t('certificate.event', {
        seq: e.seq,
        kind: t(`certificate.kind.${e.kind}`),
        at: utc(e.at),
        actor: e.actorName ?? t('certificate.system'),
        ip: e.ip ?? '-',
      }),
    ),
  };
}
