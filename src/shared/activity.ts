import { z } from 'zod';
import { ACTIVITY_LOG_PAGE_SIZE } from './constants.ts';

export interface ActivityLogEntry {
  id: number;
  activityType: string;
  userId: string | null;
  /** null with userId set: the user no longer exists ('Unknown'); null userId: 'System'. */
  userName: string | null;
  userEmail: string | null;
  targetUserId: string | null;
  targetName: string | null;
  targetEmail: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
  createdAt: string;
}

/**
 * The total of GET /api/activity-logs is a capped count: the server counts at most
 * ACTIVITY_TOTAL_CAP + 1 matching rows, so its cost is bounded by the cap, not the table.
 */
export const ACTIVITY_TOTAL_CAP = 10_000;

/** GET /api/activity-logs: one page, newest first. */
export interface ActivityLogPage {
  logs: ActivityLogEntry[];
  /**
   * Number of records matching the filters (all pages), exact up to ACTIVITY_TOTAL_CAP.
   * When more match, it is ACTIVITY_TOTAL_CAP and `totalCapped` is true.
   */
  total: number;
  /** True when more than `total` records match (shown as '10,000+'). */
  totalCapped: boolean;
  /** Pass as `before` to get the next (older) page; null on the last page. */
  nextCursor: number | null;
}

export const activityLogQuery = z.object({
  search: z.string().trim().max(200, 'Search is too long').optional().default(''),
  type: z.string().trim().max(50).optional().default(''),
  /** Keyset cursor: return entries older than this id. */
  before: z.coerce.number().int().positive('Invalid cursor').optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_LOG_PAGE_SIZE).optional().default(ACTIVITY_LOG_PAGE_SIZE),
});

/** 'Unknown' for a user that no longer exists, 'System' when there is no user (spec section 8). */
export function actorLabel(id: string | null, name: string | null): string {
  if (!id) return 'System';
  return name ?? 'Unknown';
}
