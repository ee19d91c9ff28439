import { formatDate } from '../../../shared/format';

export const MESSAGES = {
  loadFailed: 'Failed to load compliance items',
  started: 'Compliance item started',
  startFailed: 'Failed to start compliance item',
  completed: 'Compliance item completed',
  completeFailed: 'Failed to complete compliance item',
  nextCreated: (date: string) => `Next occurrence created for ${formatDate(date)}`,
  filed: 'Annual return marked as filed',
  fileFailed: 'Failed to mark the annual return as filed',
} as const;
