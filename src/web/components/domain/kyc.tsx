import { Download, Eye } from 'lucide-react';
import { useState } from 'react';
import { type KycDocument, type KycDocumentKind, type KycStatus, kycStatusTone } from '../../../shared/kyc';
import { serverMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { common, enumLabel } from '../../lib/i18n';
import { downloadKycDocument, type KycOwner, kycViewUrl } from '../../lib/queries/kyc';
import { toast } from '../../lib/toast';
import { Badge } from '../ui/badge';
import { Button, buttonClass } from '../ui/button';

export function KycStatusBadge({ status, className }: { status: KycStatus; className?: string }) {
  return (
    <Badge tone={kycStatusTone(status)} className={className}>
      {enumLabel('kycStatus', status)}
    </Badge>
  );
}

/** 'View' (new tab) and 'Download' for one uploaded KYC file. */
export function KycFileActions({
  owner,
  kind,
  doc,
  className,
}: {
  owner: KycOwner;
  kind: KycDocumentKind;
  doc: KycDocument;
  className?: string;
}) {
  const [downloading, setDownloading] = useState(false);
  const { t } = common.useT();
  const label = enumLabel('kycDocument', kind);

  async function download() {
    setDownloading(true);
    try {
      await downloadKycDocument(owner, kind, `${label}.${doc.extension}`);
    } catch (err) {
      toast.error(t('action.downloadFailed'), { description: serverMessage(err) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <a href={kycViewUrl(owner, kind)} target="_blank" rel="noopener" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        <Eye aria-hidden="true" />
        {t('action.view')}
        <span className="sr-only"> {t('action.opensInNewTab', { name: label })}</span>
      </a>
      <Button variant="secondary" size="sm" busy={downloading} onClick={() => void download()}>
        {!downloading && <Download aria-hidden="true" />}
        {t('action.download')}
        <span className="sr-only"> {label}</span>
      </Button>
    </div>
  );
}
