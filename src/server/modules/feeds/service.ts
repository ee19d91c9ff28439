import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { toCsv } from '../../../shared/csv.ts';
import {
  CALENDAR_FEED_LIMITS,
  CAPITAL_ACCOUNT_CSV_COLUMNS,
  type CalendarFeedStatus,
  type CapitalAccountExport,
  FEED_MESSAGES,
  type IlpaNotices,
} from '../../../shared/feeds.ts';
import { buildCalendar, type CalendarEvent } from '../../../shared/ical.ts';
import { ILPA_CSV_COLUMNS, type IlpaNotice, ilpaCallNotice, ilpaDistributionNotice, type ilpaQuery } from '../../../shared/ilpa.ts';
import { balancesAsOf, balancesDto, type CapitalCall } from '../../../shared/ledger.ts';
import { formatUsdExact, fromCents, toCents } from '../../../shared/money.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { listCalls } from '../ledger/calls.ts';
import { listEntries } from '../ledger/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import {
  countFeedRequest,
  dealVehicles,
  deleteFeedWindowsBefore,
  distributionLines,
  feedOwner,
  insertFeed,
  investorName,
  liveFeed,
  lockProfile,
  noticeLedgers,
  revokeFeeds,
  touchFeed,
} from './repository.ts';

export const ILPA_TEMPLATE = 'ILPA Capital Call & Distribution Notice template (2025)';

type Period = z.output<typeof ilpaQuery>;

// ILPA notices --------------------------------------------------------------------------------

/** Call notices of the given calls, one per investor line (`investorId`: that investor's only). */
async function callNotices(q: Queryable, calls: CapitalCall[]): Promise<IlpaNotice[]> {
  const investors = [...new Set(calls.flatMap((c) => c.lines.map((l) => l.investorId)))];
  const ledgers = await noticeLedgers(q, investors);
  const vehicles = await dealVehicles(q, [...new Set(calls.map((c) => c.dealId))]);
  return calls.flatMap((c) =>
    c.lines.map((l) =>
      ilpaCallNotice(
        {
          callId: c.id,
          fundName: c.dealTitle,
          investmentVehicle: vehicles.get(c.dealId) ?? null,
          investorId: l.investorId,
          investorName: l.investorName,
          callDate: c.callDate,
          dueDate: c.dueDate,
          feeCharge: c.feeCharge,
          amountDue: l.amountDue,
          received: l.received,
          outstanding: l.outstanding,
          status: l.status,
        },
        ledgers.get(l.investorId)?.get(c.dealId) ?? [],
      ),
    ),
  );
}

async function distributionNotices(q: Queryable, where: { investorId?: string; eventId?: string }): Promise<IlpaNotice[]> {
  const lines = await distributionLines(q, where);
  const ledgers = await noticeLedgers(q, [...new Set(lines.map((l) => l.investorId))]);
  return lines.map((l) =>
    ilpaDistributionNotice(
      {
        eventId: l.eventId,
        fundName: l.dealTitle,
        investmentVehicle: l.spvEntity,
        investorId: l.investorId,
        investorName: l.investorName,
        recordDate: l.recordDate,
        paymentDate: l.paymentDate,
        type: l.type,
        cents: toCents(l.amount),
        capitalCents: l.returnOfCapital === null ? null : toCents(l.returnOfCapital),
        feeDeductedCents: toCents(l.feeDeducted),
        paid: l.paid,
      },
      ledgers.get(l.investorId)?.get(l.dealId) ?? [],
    ),
  );
}

const inPeriod = (n: IlpaNotice, p: Period) => (!p.from || n.noticeDate >= p.from) && (!p.to || n.noticeDate <= p.to);
const byDate = (a: IlpaNotice, b: IlpaNotice) =>
  a.noticeDate.localeCompare(b.noticeDate) || a.noticeType.localeCompare(b.noticeType) || a.noticeId.localeCompare(b.noticeId);

/** One investor's notices (calls and distributions) of a period, oldest first. */
export async function investorIlpaNotices(q: Queryable, investorId: string, period: Period): Promise<IlpaNotices> {
  const calls = await listCalls(q, { investorId });
  const notices = [...(await callNotices(q, calls)), ...(await distributionNotices(q, { investorId }))];
  return {
    template: ILPA_TEMPLATE,
    from: period.from ?? null,
    to: period.to ?? null,
    notices: notices.filter((n) => inPeriod(n, period)).sort(byDate),
  };
}

/** One notice of an investor: a capital call's or a distribution's id. Another investor's notice and none look the same (404). */
export async function investorIlpaNotice(q: Queryable, investorId: string, noticeId: string): Promise<IlpaNotice> {
  const calls = await listCalls(q, { investorId, callId: noticeId });
  const notice = calls.length
    ? (await callNotices(q, calls))[0]
    : (await distributionNotices(q, { investorId, eventId: noticeId })).find((n) => n.investorId === investorId);
  if (!notice) throw notFound(FEED_MESSAGES.noticeNotFound);
  return notice;
}

/** An administrator's view: any investor's notices of a period. */
export async function adminInvestorIlpaNotices(q: Queryable, investorId: string, period: Period): Promise<IlpaNotices> {
  if ((await investorName(q, investorId)) === null) throw notFound('Investor not found');
  return investorIlpaNotices(q, investorId, period);
}

/** Every investor's notice of one capital call. */
export async function callIlpaNotices(q: Queryable, callId: string): Promise<IlpaNotices> {
  const calls = await listCalls(q, { callId });
  if (calls.length === 0) throw notFound('Capital call not found');
  return { template: ILPA_TEMPLATE, from: null, to: null, notices: await callNotices(q, calls) };
}

export const ilpaCsv = (notices: IlpaNotice[]) => `${toCsv(ILPA_CSV_COLUMNS, notices)}\r\n`;

// The capital account -------------------------------------------------------------------------

/** An investor's whole capital account: every ledger entry (value and record dates) and the balances per deal today. */
export async function capitalAccount(q: Queryable, investorId: string): Promise<CapitalAccountExport> {
  const name = await investorName(q, investorId);
  if (name === null) throw notFound('Investor not found');
  const { today } = await companyDayIn(q);
  const entries = await listEntries(q, { investorId });
  const ledgers = (await noticeLedgers(q, [investorId])).get(investorId) ?? new Map();
  const titles = new Map(entries.map((e) => [e.dealId, e.dealTitle]));
  const deals = [...ledgers].map(([dealId, facts]) => ({
    dealId,
    dealTitle: titles.get(dealId) ?? '',
    balances: balancesDto(balancesAsOf(facts, today)),
  }));
  return { investorId, investorName: name, asOf: today, entries, deals };
}

export const capitalAccountCsv = (a: CapitalAccountExport) =>
  `${toCsv(
    CAPITAL_ACCOUNT_CSV_COLUMNS.map((c) => ({ key: c.key, label: c.label })),
    a.entries as unknown as Record<string, unknown>[],
  )}\r\n`;

// The calendar feed ---------------------------------------------------------------------------

export const FEED_PREFIX = 'sdc_';
const FEED_SHAPE = /^sdc_[A-Za-z0-9_-]{43}$/;
const feedHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const calendarFeedStatus = (q: Queryable, userId: string): Promise<CalendarFeedStatus> => liveFeed(q, userId);

/**
 * A new secret for the investor's feed; the previous one stops at once. Regenerations of one
 * user run one at a time under the profile's lock, and the database keeps one live feed per user
 * (a partial unique index), so parallel requests leave exactly one.
 */
export async function regenerateFeed(ctx: AppContext, userId: string, ip: string): Promise<{ secret: string; feed: CalendarFeedStatus }> {
  const secret = `${FEED_PREFIX}${randomBytes(32).toString('base64url')}`;
  await ctx.db.tx(async (q) => {
    await lockProfile(q, userId);
    const replaced = await revokeFeeds(q, userId);
    await insertFeed(q, userId, feedHash(secret), secret.slice(0, 8));
    await logActivity(q, { type: 'calendar_feed_created', userId, details: { replaced: replaced > 0 }, ip });
  });
  return { secret, feed: await liveFeed(ctx.db, userId) };
}

export async function revokeFeed(ctx: AppContext, userId: string, ip: string): Promise<CalendarFeedStatus> {
  const revoked = await ctx.db.tx(async (q) => {
    const n = await revokeFeeds(q, userId);
    if (n > 0) await logActivity(q, { type: 'calendar_feed_revoked', userId, details: {}, ip });
    return n;
  });
  if (revoked === 0) throw notFound(FEED_MESSAGES.noFeed);
  return liveFeed(ctx.db, userId);
}

/** The calendar feed's counting window (CALENDAR_FEED_LIMITS are per hour). */
const FEED_WINDOW_MS = 3_600_000;

/**
 * Counts one request for `key` in its fixed one-hour window, in the database (feed_rate_counters),
 * so every server counts the same requests; the seconds to wait when over `limit`, else null.
 */
export async function hitFeedWindow(q: Queryable, key: string, limit: number, now: Date): Promise<number | null> {
  const start = Math.floor(now.getTime() / FEED_WINDOW_MS) * FEED_WINDOW_MS;
  const count = await countFeedRequest(q, key, new Date(start));
  // The first request of a window clears the windows that have ended (cheap: one index range).
  if (count === 1) await deleteFeedWindowsBefore(q, new Date(start));
  return count > limit ? Math.max(1, Math.ceil((start + FEED_WINDOW_MS - now.getTime()) / 1000)) : null;
}

const tooMany = (retryAfter: number) =>
  new HttpError(429, FEED_MESSAGES.tooMany, { code: 'RATE_LIMITED', headers: { 'retry-after': String(retryAfter) } });

/** The feed's text for a secret: 404 for an unknown or revoked one (and a malformed one), 429 over the limits. */
export async function calendarFor(q: Queryable, secret: string, ip: string, now: Date): Promise<string> {
  const byAddress = await hitFeedWindow(q, `ip:${ip}`, CALENDAR_FEED_LIMITS.perAddressPerHour, now);
  if (byAddress !== null) throw tooMany(byAddress);
  if (!FEED_SHAPE.test(secret)) throw notFound(FEED_MESSAGES.notFound);
  const hash = feedHash(secret);
  const byFeed = await hitFeedWindow(q, `feed:${hash}`, CALENDAR_FEED_LIMITS.perFeedPerHour, now);
  if (byFeed !== null) throw tooMany(byFeed);
  const owner = await feedOwner(q, hash);
  if (!owner) throw notFound(FEED_MESSAGES.notFound);
  await touchFeed(q, owner.feedId);
  const { zone } = await companyDayIn(q, now);
  return buildCalendar({ name: `${owner.name}: capital calls and distributions`, zone, now, events: await feedEvents(q, owner.userId) });
}

const UID_DOMAIN = 'calendar.meridian-syndicate';

/** Capital-call due dates and expected and paid distributions, amounts exact. */
export async function feedEvents(q: Queryable, investorId: string): Promise<CalendarEvent[]> {
  const events: CalendarEvent[] = [];
  for (const c of await listCalls(q, { investorId })) {
    const l = c.lines[0];
    if (!l) continue;
    const what = c.feeCharge ? 'Management fee due' : 'Capital call due';
    events.push({
      uid: `capital-call-${c.id}-${investorId}@${UID_DOMAIN}`,
      date: c.dueDate,
      summary: `${what}: ${c.dealTitle} ${formatUsdExact(l.amountDue)}${l.status === 'Paid' ? ' (paid)' : ''}`,
      description: [
        `Deal: ${c.dealTitle}`,
        `Purpose: ${c.purpose}`,
        `Call date: ${c.callDate}`,
        `Due date: ${c.dueDate}`,
        `Amount due: ${l.amountDue} USD`,
        `Received: ${l.received} USD`,
        `Outstanding: ${l.outstanding} USD`,
        `Status: ${l.status}`,
      ].join('\n'),
      sequence: l.status === 'Paid' || l.status === 'Cancelled' ? 1 : 0,
      status: l.status === 'Cancelled' ? 'CANCELLED' : 'CONFIRMED',
      categories: 'Capital call',
    });
  }
  for (const d of await distributionLines(q, { investorId })) {
    const net = fromCents(toCents(d.amount) - toCents(d.feeDeducted));
    events.push({
      uid: `distribution-${d.eventId}-${investorId}@${UID_DOMAIN}`,
      date: d.paymentDate,
      summary: `${d.paid ? 'Distribution paid' : 'Expected distribution'}: ${d.dealTitle} ${formatUsdExact(d.amount)}`,
      description: [
        `Deal: ${d.dealTitle}`,
        `Type: ${d.type}`,
        `Record date: ${d.recordDate}`,
        `Payment date: ${d.paymentDate}`,
        `Gross amount: ${d.amount} USD`,
        `Management fees withheld: ${d.feeDeducted} USD`,
        `Net amount: ${net} USD`,
        `Status: ${d.paid ? 'Paid' : 'Expected'}`,
      ].join('\n'),
      sequence: d.paid ? 1 : 0,
      status: d.paid ? 'CONFIRMED' : 'TENTATIVE',
      categories: 'Distribution',
    });
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.uid.localeCompare(b.uid));
}
