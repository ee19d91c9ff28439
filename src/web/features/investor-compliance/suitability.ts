import en from '../../../shared/i18n/en/investor-compliance.json';
import type { SuitabilityAnswers } from '../../../shared/investor-compliance';
import { investorComplianceText } from './i18n';

type Options<K extends keyof SuitabilityAnswers> = readonly SuitabilityAnswers[K][];

/**
 * The four questions of the annual suitability review: their answers' values in order. The
 * question, its hint and each answer in plain words are `review.question.<field>` in the catalogue.
 */
export const SUITABILITY_QUESTIONS: { [K in keyof SuitabilityAnswers]: { options: Options<K> } } = {
  experience: { options: ['none', 'limited', 'moderate', 'extensive'] },
  riskTolerance: { options: ['low', 'medium', 'high'] },
  netWorthBand: { options: ['under_1m', '1m_5m', '5m_25m', 'over_25m'] },
  investmentHorizon: { options: ['under_3y', '3_5y', '5_10y', 'over_10y'] },
};

export const SUITABILITY_FIELDS = [
  'experience',
  'riskTolerance',
  'netWorthBand',
  'investmentHorizon',
] as const satisfies readonly (keyof SuitabilityAnswers)[];

/** A question of the review, in the current language. */
export const questionLabel = (field: keyof SuitabilityAnswers) => investorComplianceText.t(`review.question.${field}.label`);
export const questionHint = (field: keyof SuitabilityAnswers) => investorComplianceText.t(`review.question.${field}.hint`);

/** The plain-words label of one answer ('5m_25m' -> '$5M - $25M'), in the current language. */
export function answerLabel<K extends keyof SuitabilityAnswers>(field: K, value: SuitabilityAnswers[K]): string {
  const options = SUITABILITY_QUESTIONS[field].options as Options<K>;
  if (!options.includes(value)) return String(value);
  return investorComplianceText.t(`review.question.${field}.option.${String(value)}` as never);
}

/** Checklist lines the server words in English, by their text. */
const SERVER_ITEMS: Record<string, 'annualReview' | 'clientDocuments'> = {
  [en.checkItem.annualReview.toLowerCase()]: 'annualReview',
  [en.checkItem.clientDocuments.toLowerCase()]: 'clientDocuments',
};

/**
 * The checklist labels of Risk Assessment and Annual Documentation come from the server in
 * English, with the raw answer values ('Net-worth band: 5m 25m'); show them in the current
 * language, each question with its answer in plain words. Anything else is shown as sent.
 */
export function riskItemLabel(serverLabel: string, answers: SuitabilityAnswers | null): string {
  const t = investorComplianceText.t;
  for (const field of SUITABILITY_FIELDS) {
    const question = en.review.question[field].label;
    if (serverLabel.toLowerCase().startsWith(question.toLowerCase())) {
      return answers
        ? t('checkItem.answer', { question: questionLabel(field), answer: answerLabel(field, answers[field]) })
        : questionLabel(field);
    }
  }
  const known = SERVER_ITEMS[serverLabel.toLowerCase()];
  return known ? t(`checkItem.${known}`) : serverLabel;
}
