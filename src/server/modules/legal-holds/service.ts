import type { z } from 'zod';
import type { LegalHold, legalHoldInput } from '../../../shared/legal-hold.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { holdById, insertHold, liftHold, listHolds, subjectName } from './repository.ts';

/** Legal holds (issue 33, decision 042): placed and lifted with a reason, both logged in the chain. */

export interface Actor {
  id: string;
  ip: string | null;
}

export const LIST_LIMIT = 500;

export const legalHolds = (db: Db): Promise<LegalHold[]> => listHolds(db, LIST_LIMIT);

export const ALREADY_HELD = 'This one is already under legal hold';

export async function placeHold(db: Db, input: z.output<typeof legalHoldInput>, actor: Actor): Promise<LegalHold> {
  try {
    const id = await db.tx(async (q) => {
      const name = await subjectName(q, input.subjectKind, input.subjectId);
      if (name === undefined) throw notFound(input.subjectKind === 'investor' ? 'Investor not found' : 'Deal not found');
      const holdId = await insertHold(q, { kind: input.subjectKind, subjectId: input.subjectId, reason: input.reason, placedBy: actor.id });
      await logActivity(q, {
        type: 'legal_hold_placed',
        userId: actor.id,
        targetUserId: input.subjectKind === 'investor' ? input.subjectId : null,
        details: {
          holdId,
          subject: input.subjectKind,
          ...(input.subjectKind === 'deal' ? { dealId: input.subjectId } : {}),
          name,
          reason: input.reason,
        },
        ip: actor.ip,
      });
      return holdId;
    });
    return (await holdById(db, id)) as LegalHold;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_HELD, 'ALREADY_HELD');
    throw err;
  }
}

export async function liftLegalHold(db: Db, id: string, reason: string, actor: Actor): Promise<LegalHold> {
  await db.tx(async (q) => {
    const hold = await holdById(q, id);
    if (!hold) throw notFound('Legal hold not found');
    if (!(await liftHold(q, id, actor.id, reason))) throw conflict('This hold was already lifted', 'ALREADY_LIFTED');
    await logActivity(q, {
      type: 'legal_hold_lifted',
      userId: actor.id,
      targetUserId: hold.subjectKind === 'investor' ? hold.subjectId : null,
      details: {
        holdId: id,
        subject: hold.subjectKind,
        ...(hold.subjectKind === 'deal' ? { dealId: hold.subjectId } : {}),
        name: hold.subjectName,
        reason,
      },
      ip: actor.ip,
    });
  });
  return (await holdById(db, id)) as LegalHold;
}
