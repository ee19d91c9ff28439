import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { downloadFile } from './api';
import { feedsText } from './i18n';

/** A button that downloads an ILPA-template CSV (issue 34 part 3): on the investor's notices and the admin's call. */
export function IlpaDownload({
  url,
  filename,
  label,
  ariaLabel,
  guard,
}: {
  url: string;
  filename: string;
  label: string;
  ariaLabel?: string;
  /** Asked before downloading; false stops it (a form with a field error). */
  guard?: () => boolean;
}) {
  const { t } = feedsText.useT();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      aria-label={ariaLabel}
      onClick={async () => {
        if (guard && !guard()) return;
        setBusy(true);
        try {
          await downloadFile(url, filename);
        } catch (err) {
          toast.error(t('ilpa.downloadFailed'), { description: serverMessage(err) });
        } finally {
          setBusy(false);
        }
      }}
    >
      <FileSpreadsheet aria-hidden="true" />
      {label}
    </Button>
  );
}
