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
