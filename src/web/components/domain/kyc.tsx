import { Download, Eye } from 'lucide-react';
import { useState } from 'react';
import {
  KYC_DOCUMENT_LABELS,
  KYC_STATUS_LABELS,
  type KycDocument,
  type KycDocumentKind,
  type KycStatus,
  kycStatusTone,
} from '../../../shared/kyc';
import { serverMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { downloadKycDocument, type KycOwner, kycViewUrl } from '../../lib/queries/kyc';
import { toast } from '../../lib/toast';
import { Badge } from '../ui/badge';
import { Button, buttonClass } from '../ui/button';

export function KycStatusBadge({ status, className }: { status: KycStatus; className?: string }) {
  return (
    <Badge tone={kycStatusTone(status)} className={className}>
      {KYC_STATUS_LABELS[status]}
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
  const label = KYC_DOCUMENT_LABELS[kind];

  async function download() {
    setDownloading(true);
    try {
      await downloadKycDocument(owner, kind, `${label}.${doc.extension}`);
    } catch (err) {
      toast.error('Download failed', { description: serverMessage(err) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <a href={kycViewUrl(owner, kind)} target="_blank" rel="noopener" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        <Eye aria-hidden="true" />
        View
        <span className="sr-only"> {label} (opens in a new tab)</span>
      </a>
      <Button variant="secondary" size="sm" busy={downloading} onClick={() => void download()}>
        {!downloading && <Download aria-hidden="true" />}
        Download
        <span className="sr-only"> {label}</span>
      </Button>
    </div>
  );
}
