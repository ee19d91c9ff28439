import { ChevronUp, Upload } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { DocumentLibrary } from './document-library';
import { documentsText } from './i18n';
import { hasPendingDraft, UploadForm } from './upload-form';

const UPLOAD_PANEL_ID = 'upload-document-panel';

/** Document Vault (/admin/documents): a toggled upload form above the library list. */
export default function DocumentVaultPage() {
  const { t } = documentsText.useT();
  const [showForm, setShowForm] = useState(hasPendingDraft);
  // Mounted on first show and kept while hidden, so hiding the form loses neither the file nor a running upload.
  const [formMounted, setFormMounted] = useState(showForm);
  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <Button
            aria-expanded={showForm}
            aria-controls={UPLOAD_PANEL_ID}
            onClick={() => {
              setShowForm((v) => !v);
              setFormMounted(true);
            }}
          >
            {showForm ? <ChevronUp aria-hidden="true" /> : <Upload aria-hidden="true" />}
            {showForm ? t('page.hideForm') : t('page.showForm')}
          </Button>
        }
      />
      <div id={UPLOAD_PANEL_ID} hidden={!showForm}>
        {formMounted && <UploadForm />}
      </div>
      <DocumentLibrary />
    </>
  );
}
