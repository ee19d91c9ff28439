import type { SuitabilityAnswers } from '../../../shared/portal';

type Options<K extends keyof SuitabilityAnswers> = readonly { value: SuitabilityAnswers[K]; label: string }[];

/** The four questions of the annual suitability review, with their answers in plain words. */
export const SUITABILITY_QUESTIONS: {
  [K in keyof SuitabilityAnswers]: { label: string; hint: string; options: Options<K> };
} = {
  experience: {
    label: 'Investment experience',
    hint: 'Your experience with private and alternative investments.',
    options: [
      { value: 'none', label: 'None' },
      { value: 'limited', label: 'Limited' },
      { value: 'moderate', label: 'Moderate' },
      { value: 'extensive', label: 'Extensive' },
    ],
  },
  riskTolerance: {
    label: 'Risk tolerance',
    hint: 'How much of an investment you could accept losing.',
    options: [
      { value: 'low', label: 'Low' },
      { value: 'medium', label: 'Medium' },
      { value: 'high', label: 'High' },
    ],
  },
  netWorthBand: {
    label: 'Net-worth band',
    hint: 'Your net worth, excluding your primary residence.',
    options: [
      { value: 'under_1m', label: 'Under $1M' },
      { value: '1m_5m', label: '$1M - $5M' },
      { value: '5m_25m', label: '$5M - $25M' },
      { value: 'over_25m', label: 'Over $25M' },
    ],
  },
  investmentHorizon: {
    label: 'Investment horizon',
    hint: 'How long you can keep capital invested.',
    options: [
      { value: 'under_3y', label: 'Under 3 years' },
      { value: '3_5y', label: '3-5 years' },
      { value: '5_10y', label: '5-10 years' },
      { value: 'over_10y', label: 'Over 10 years' },
    ],
  },
};

export const SUITABILITY_FIELDS = [
  'experience',
  'riskTolerance',
  'netWorthBand',
  'investmentHorizon',
] as const satisfies readonly (keyof SuitabilityAnswers)[];

/** The plain-words label of one answer ('5m_25m' -> '$5M - $25M'). */
export function answerLabel<K extends keyof SuitabilityAnswers>(field: K, value: SuitabilityAnswers[K]): string {
  const options = SUITABILITY_QUESTIONS[field].options as Options<K>;
  return options.find((o) => o.value === value)?.label ?? String(value);
}

/**
 * The Risk Assessment checklist labels come from the server with the raw answer values
 * ('Net-worth band: 5m 25m'); show the question with the answer in plain words instead.
 */
export function riskItemLabel(serverLabel: string, answers: SuitabilityAnswers | null): string {
  for (const field of SUITABILITY_FIELDS) {
    const question = SUITABILITY_QUESTIONS[field].label;
    if (serverLabel.toLowerCase().startsWith(question.toLowerCase())) {
      return answers ? `${question}: ${answerLabel(field, answers[field])}` : question;
    }
  }
  return serverLabel;
}
