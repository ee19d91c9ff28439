import { todayIso } from '../../../shared/dates.ts';
import { companyZone } from '../../../shared/settings.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { getSettings, readSettings } from './service.ts';

/**
 * "Today" for the company (decision record 020): the calendar day in the company's time zone
 * (Settings, General tab), at the app's clock. Due, due soon and overdue, the dashboard tiles,
 * "Next 90 days" and "past year" all count from `today`.
 */
export interface CompanyDay {
  /** IANA zone, e.g. 'Asia/Dubai'. */
  zone: string;
  /** 'YYYY-MM-DD' in that zone. */
  today: string;
  now: Date;
}

export const dayAt = (zone: string, now: Date): CompanyDay => ({ zone, now, today: todayIso(zone, now) });

/** The company's day outside a transaction (settings from the cache kept by NOTIFY). */
export async function companyDay(ctx: Pick<AppContext, 'db' | 'now'>): Promise<CompanyDay> {
  const settings = await readSettings(ctx.db);
  return dayAt(companyZone(settings), ctx.now?.() ?? new Date());
}

/** The company's day inside a transaction. */
export async function companyDayIn(q: Queryable, now: Date = new Date()): Promise<CompanyDay> {
  return dayAt(companyZone(await getSettings(q)), now);
}
