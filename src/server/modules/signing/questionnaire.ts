import type { SigningQuestionnaire } from '../../../shared/signing.ts';
import type { CertificationAnswers } from '../../../shared/tax-certification.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';
import { notFound } from '../../http/errors.ts';
import { classificationStatus } from '../onboarding/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { certificationsOf } from '../tax/repository.ts';

/**
 * The signing questionnaire pre-filled from what the product already holds (issue 30): the
 * profile (name, address, residence, nationality, investor type), the KYC application's status,
 * the DFSA classification in force and the tax self-certification in force. For the
 * subscription's own investor only (another's subscription is 404).
 */
export async function signingQuestionnaire(q: Queryable, investorId: string, subscriptionId: string): Promise<SigningQuestionnaire> {
  const row = await typed(q)
    .selectFrom('subscriptions as s')
    .innerJoin('profiles as p', 'p.id', 's.investorId')
    .select(['s.investorId', 'p.name', 'p.investorUserType', 'p.residenceAddress', 'p.residenceCountry', 'p.nationality'])
    .where('s.id', '=', subscriptionId)
    .executeTakeFirst();
  if (!row || row.investorId !== investorId) throw notFound('Subscription not found');
  const kyc = await typed(q).selectFrom('kyc_applications').select('status').where('investorId', '=', investorId).executeTakeFirst();
  const { today } = await companyDayIn(q);
  const classification = await classificationStatus(q, investorId, today);
  const [current] = await certificationsOf(q, investorId);
  const answers = current ? (current.answers as unknown as CertificationAnswers) : null;
  return {
    name: row.name,
    entity: row.name,
    investorType: row.investorUserType,
    address: row.residenceAddress,
    residenceCountry: row.residenceCountry,
    nationality: row.nationality,
    kycStatus: kyc?.status ?? 'not_started',
    classification: { state: classification.state, reviewDue: classification.row?.reviewDue ?? null },
    tax:
      current && answers
        ? {
            kind: answers.kind,
            version: current.version,
            signedAt: new Date(current.signedAt).toISOString(),
            residences: answers.residences.map((r) => ({ country: r.country, tin: r.tin ?? null })),
            usPerson: answers.kind === 'individual' ? answers.usPerson : answers.fatcaClass === 'specified_us_person',
          }
        : null,
  };
}
