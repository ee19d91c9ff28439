import { DEFAULT_OWNERSHIP, type OwnershipMethod, type OwnershipTerms } from '../../../shared/ownership.ts';
import type { Queryable } from '../../db/client.ts';
import type { JsonValue } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';
import { conflict } from '../../http/errors.ts';

/** The ownership group of deal terms and the equalisations charged (decision 040), typed (decision 035). */

const tidy = (n: string) => (n.includes('.') ? n.replace(/0+$/, '').replace(/\.$/, '') : n);

/** The ownership group of these terms versions; a version without a row is by contributions. */
export async function ownershipOfTerms(q: Queryable, termsIds: string[]): Promise<Map<string, OwnershipTerms>> {
  if (termsIds.length === 0) return new Map();
  const rows = await typed(q)
    .selectFrom('deal_ownership_terms')
    .select(['termsId', 'method', 'equalisationRate'])
    .where('termsId', 'in', termsIds)
    .execute();
  return new Map(
    rows.map((r) => [r.termsId, { method: r.method, equalisationRate: r.equalisationRate === null ? null : tidy(r.equalisationRate) }]),
  );
}

/** The ownership group of each deal's current terms version (deals without terms or a row: by contributions). */
export async function currentOwnership(q: Queryable, dealIds: string[]): Promise<Map<string, OwnershipTerms>> {
  if (dealIds.length === 0) return new Map();
  const rows = await typed(q)
    .selectFrom('deal_terms as t')
    .innerJoin('deal_ownership_terms as o', 'o.termsId', 't.id')
    .select(['t.dealId', 'o.method', 'o.equalisationRate'])
    .where('t.dealId', 'in', dealIds)
    .where(({ eb, selectFrom }) =>
      eb(
        't.version',
        '=',
        selectFrom('deal_terms as x')
          .select(({ fn }) => fn.max('x.version').as('v'))
          .whereRef('x.dealId', '=', 't.dealId'),
      ),
    )
    .execute();
  return new Map(
    rows.map((r) => [r.dealId, { method: r.method, equalisationRate: r.equalisationRate === null ? null : tidy(r.equalisationRate) }]),
  );
}

/** Sets the ownership group of a terms version (by contributions: no row). */
export async function saveOwnership(q: Queryable, termsId: string, t: OwnershipTerms): Promise<void> {
  await typed(q).deleteFrom('deal_ownership_terms').where('termsId', '=', termsId).execute();
  if (t.method === 'contributions') return;
  await typed(q)
    .insertInto('deal_ownership_terms')
    .values({ termsId, method: t.method, equalisationRate: t.method === 'equalisation' ? t.equalisationRate : null })
    .execute();
}

export async function equalisationOf(q: Queryable, dealId: string, closeDate: string) {
  return typed(q)
    .selectFrom('equalisations')
    .select(['id', 'paymentDate', 'createdAt', 'plan'])
    .where('dealId', '=', dealId)
    .where('closeDate', '=', closeDate)
    .executeTakeFirst();
}

export async function insertEqualisation(
  q: Queryable,
  row: { dealId: string; closeDate: string; paymentDate: string; rate: string; total: string; plan: JsonValue; createdBy: string },
): Promise<void> {
  await typed(q)
    .insertInto('equalisations')
    .values({ ...row, plan: JSON.stringify(row.plan) })
    .execute();
}

/** Each deal's ownership method (decision 040): by contributions unless its current terms say otherwise. */
export async function ownershipMethods(q: Queryable, dealIds: string[]): Promise<Map<string, OwnershipMethod>> {
  const terms = await currentOwnership(q, dealIds);
  return new Map(dealIds.map((id) => [id, (terms.get(id) ?? DEFAULT_OWNERSHIP).method]));
}

/**
 * Once a later close was equalised, the deal stays on equalisation (its ledger holds the interest
 * entries; another method would count them twice): a change of method is refused (409), a change
 * of rate applies to later closes only.
 */
export async function checkOwnershipChange(
  q: Queryable,
  dealId: string,
  current: OwnershipTerms,
  next: OwnershipTerms | undefined,
): Promise<void> {
  if (!next || next.method === current.method) return;
  const charged = await typed(q).selectFrom('equalisations').select('id').where('dealId', '=', dealId).limit(1).executeTakeFirst();
  if (charged)
    throw conflict('A later close of this deal was already equalised: the deal stays on equalisation', 'EQUALISED', {
      'ownership.method': 'A later close was already equalised: keep equalisation',
    });
}
