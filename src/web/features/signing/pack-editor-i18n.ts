import en from '../../../shared/i18n/en/pack-editor.json';
import { catalog } from '../../lib/i18n';

/** The field placement screen's and the agreement viewer's texts (issue 30, decision record 056). */
export const packEditorText = catalog('pack-editor', en);
