import en from '../../../shared/i18n/en/documents.json';
import { catalog } from '../../lib/i18n';

/** The Document Vault's texts (issue 16). */
export const documentsText = catalog('documents', en);
