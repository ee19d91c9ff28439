import { CalendarClock, ClipboardCheck, Download, FileText, FolderOpen, Landmark, Mail, Phone } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { formatDate } from '../../../shared/format';
import { type InvestorComplianceData, REVIEW_REQUIRED } from '../../../shared/investor-compliance';
import { classificationText } from '../../components/domain/classification';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { serverMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useMyClassification } from '../../lib/queries/classification';
import { toast } from '../../lib/toast';
import { downloadInvestorDocument } from './api';
import { ClassificationCard } from './classification-card';
import { ComplianceStatusBadge, daysRemainingText, reviewStatus } from './compliance-ui';
import { investorComplianceText } from './i18n';
import { SuitabilityReviewDialog } from './suitability-dialog';

type Data = InvestorComplianceData;
type ComplianceDocument = Data['documents'][number];

/** A section of the page: an h2 with an icon, then its content. */
export function PageSection({
  title,
  icon,
  className,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('min-w-0', className)} data-testid={testId}>
      <div className="mb-3 flex items-center gap-2">
        <span className="text-ink-700">{icon}</span>
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Required Actions
// ---------------------------------------------------------------------------------------------

export function RequiredActions({ data }: { data: Data | undefined }) {
  const { t } = investorComplianceText.useT();
  return (
    <PageSection title={t('actions.title')} icon={<CalendarClock aria-hidden="true" className="size-5" />} testId="required-actions">
      {data ? (
        <div className="flex flex-col gap-4">
          <ClassificationCard />
          <SuitabilityReviewAction review={data.review} />
        </div>
      ) : (
        <Skeleton shape="block" className="h-36 sm:h-28" label={t('actions.loading')} />
      )}
    </PageSection>
  );
}

function SuitabilityReviewAction({ review }: { review: Data['review'] }) {
  const { t } = investorComplianceText.useT();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const status = reviewStatus(review.daysRemaining);
  const urgent = status === 'Overdue' || status === 'Due Soon';
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      data-testid="suitability-review"
      className={cn(
        'flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between',
        status === 'Overdue' && 'border-s-4 border-s-danger-700',
        status === 'Due Soon' && 'border-s-4 border-s-warning-800/70',
      )}
    >
      <div className="flex min-w-0 items-start gap-4">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            urgent ? 'bg-gold-100 text-gold-700' : 'bg-ink-100 text-ink-700',
          )}
        >
          <ClipboardCheck aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-semibold text-ink-900">
              {t('actions.reviewTitle')}
            </h3>
            <ComplianceStatusBadge status={status} />
          </div>
          <p className="text-sm text-muted">{t('actions.reviewDescription')}</p>
          <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1.5">
              <dt className="text-muted">{t('actions.dueDate')}</dt>
              <dd className="tabular font-medium text-ink-900" data-testid="review-due-date">
                {formatDate(review.dueDate)}
              </dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="sr-only">{t('actions.timeLeft')}</dt>
              <dd
                className={cn(
                  'tabular font-medium',
                  status === 'Overdue' ? 'text-danger-700' : status === 'Due Soon' ? 'text-warning-800' : 'text-ink-900',
                )}
                data-testid="review-days-remaining"
              >
                {daysRemainingText(review.daysRemaining)}
              </dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-muted">{t('actions.lastCompleted')}</dt>
              <dd className="tabular text-ink-900" data-testid="review-last-completed">
                {review.lastCompletedAt ? formatDate(review.lastCompletedAt) : t('actions.notCompleted')}
              </dd>
            </div>
          </dl>
        </div>
      </div>
      <Button className="self-start sm:self-center" variant={urgent ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
        {t('actions.start')}
      </Button>
      <SuitabilityReviewDialog open={open} onOpenChange={setOpen} previous={review.answers} />
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Compliance Documents
// ---------------------------------------------------------------------------------------------

const DOCUMENT_TONE: Record<ComplianceDocument['status'], BadgeTone> = { Current: 'success', Expiring: 'warning', Expired: 'danger' };

export function ComplianceDocuments({ data, className }: { data: Data | undefined; className?: string }) {
  const { t } = investorComplianceText.useT();
  return (
    <PageSection
      title={t('documents.title')}
      icon={<FileText aria-hidden="true" className="size-5" />}
      className={className}
      testId="compliance-documents"
    >
      {!data ? (
        <Skeleton shape="block" className="h-72" label={t('documents.loading')} />
      ) : data.documents.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-8 text-center">
          <FolderOpen aria-hidden="true" className="size-8 text-muted" />
          <p className="font-medium text-ink-900">{t('documents.empty')}</p>
          <p className="max-w-sm text-sm text-muted">{t('documents.emptyHint')}</p>
        </Card>
      ) : (
        <Card>
          <ul className="divide-y divide-border" aria-label={t('documents.list')}>
            {data.documents.map((d) => (
              <DocumentRow key={d.id} doc={d} />
            ))}
          </ul>
        </Card>
      )}
    </PageSection>
  );
}

function DocumentRow({ doc }: { doc: ComplianceDocument }) {
  const { t } = investorComplianceText.useT();
  const [busy, setBusy] = useState(false);
  const type = (doc.extension || 'file').toUpperCase();

  async function onDownload() {
    setBusy(true);
    try {
      await downloadInvestorDocument(doc.id, `${doc.name}.${doc.extension}`);
    } catch (err) {
      toast.error(t('toast.downloadFailed'), { description: serverMessage(err) ?? t('tryAgain') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4" data-testid="compliance-document">
      <div className="flex min-w-0 flex-1 basis-56 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-ink-50 text-ink-700 ring-1 ring-border ring-inset">
          <FileText aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="break-words font-medium text-ink-900">
            <bdi>{doc.name}</bdi>
          </p>
          <p className="text-sm text-muted">
            <span className="sr-only">{t('documents.type')}</span>
            <span className="font-medium">{type}</span>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">{t('documents.date')}</span>
            <span className="tabular">{formatDate(doc.date)}</span>
          </p>
        </div>
      </div>
      <div className="flex items-center gap-3 sm:ms-auto">
        <Badge tone={DOCUMENT_TONE[doc.status]}>{t(`documents.status.${doc.status}`)}</Badge>
        <Button variant="secondary" size="sm" busy={busy} onClick={() => void onDownload()}>
          {!busy && <Download aria-hidden="true" />}
          {busy ? t('documents.downloading') : t('documents.download')}
          <span className="sr-only">
            {' '}
            <bdi>{doc.name}</bdi>
          </span>
        </Button>
      </div>
    </li>
  );
}

// ---------------------------------------------------------------------------------------------
// Regulatory Information
// ---------------------------------------------------------------------------------------------

export function RegulatoryInformation({ data, className }: { data: Data | undefined; className?: string }) {
  const { t } = investorComplianceText.useT();
  const r = data?.regulatory;
  return (
    <PageSection
      title={t('regulatory.title')}
      icon={<Landmark aria-hidden="true" className="size-5" />}
      className={className}
      testId="regulatory-information"
    >
      {!r ? (
        <Skeleton shape="block" className="h-72" label={t('regulatory.loading')} />
      ) : (
        <Card className="p-5">
          <dl className="flex flex-col gap-4 text-sm">
            {/* A detail the firm has not set is not shown (never a placeholder). */}
            {r.authorization && <Item label={t('regulatory.authorization')}>{r.authorization}</Item>}
            {r.licenseNumber && (
              <Item label={t('regulatory.licenseNumber')}>
                <bdi dir="ltr" className="tabular">
                  {r.licenseNumber}
                </bdi>
              </Item>
            )}
            <Item label={t('regulatory.classification')}>
              <OwnClassification fallback={r.classification} />
            </Item>
            {(r.contactName || r.contactEmail || r.contactPhone) && (
              <Item label={t('regulatory.contact')}>
                <span className="flex flex-col gap-1.5">
                  {r.contactName && <span className="font-medium text-ink-900">{r.contactName}</span>}
                  {r.contactEmail && (
                    <a
                      href={`mailto:${r.contactEmail}`}
                      className="inline-flex min-h-6 pointer-coarse:min-h-10 w-fit max-w-full items-center gap-2 break-all text-ink-700 underline underline-offset-2 hover:text-ink-900"
                    >
                      <Mail aria-hidden="true" className="size-4 shrink-0" />
                      <bdi>{r.contactEmail}</bdi>
                    </a>
                  )}
                  {r.contactPhone && (
                    <a
                      href={`tel:${r.contactPhone.replace(/[^\d+]/g, '')}`}
                      className="tabular inline-flex min-h-6 pointer-coarse:min-h-10 w-fit items-center gap-2 text-ink-700 underline underline-offset-2 hover:text-ink-900"
                    >
                      <Phone aria-hidden="true" className="size-4 shrink-0" />
                      <bdi dir="ltr">{r.contactPhone}</bdi>
                    </a>
                  )}
                </span>
              </Item>
            )}
          </dl>
        </Card>
      )}
    </PageSection>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 break-words text-text">{children}</dd>
    </div>
  );
}

/** The investor's own classification, its basis and review date (issue 31), in the page's language. */
function OwnClassification({ fallback }: { fallback: string }) {
  const { t } = classificationText.useT();
  const mine = useMyClassification();
  const c = mine.data;
  // A suitability review below the Professional Client criteria (issue 18) outranks the recorded
  // classification: the server says "Review required" and subscriptions are on hold.
  if (!c || fallback === REVIEW_REQUIRED) return <span className="font-medium text-ink-900">{fallback || '—'}</span>;
  return (
    <span className="flex flex-col gap-1" data-testid="regulatory-classification">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-ink-900">{t(`state.${c.state}`)}</span>
        {c.reviewDue && c.state !== 'retail' && (
          <Badge tone={c.expired ? 'danger' : 'info'}>
            {t('card.reviewDue')}: <span className="tabular">{formatDate(c.reviewDue)}</span>
          </Badge>
        )}
      </span>
      {c.basis && <span className="text-muted">{t(`basis.${c.basis}`)}</span>}
    </span>
  );
}
