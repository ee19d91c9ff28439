import { formatDate } from '../../../shared/format';
import { complianceText } from './i18n';

/** The compliance toasts, in the current language when shown. */
export const MESSAGES = {
  loadFailed: () => complianceText.t('toast.loadFailed'),
  started: () => complianceText.t('toast.started'),
  startFailed: () => complianceText.t('toast.startFailed'),
  completed: () => complianceText.t('toast.completed'),
  completeFailed: () => complianceText.t('toast.completeFailed'),
  nextCreated: (date: string) => complianceText.t('toast.nextCreated', { date: formatDate(date) }),
  filed: () => complianceText.t('toast.filed'),
  fileFailed: () => complianceText.t('toast.fileFailed'),
  tryAgain: () => complianceText.t('tryAgain'),
} as const;
