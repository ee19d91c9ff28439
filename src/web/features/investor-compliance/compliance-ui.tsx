import { CircleCheck, CircleDashed, RotateCw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { ComplianceCategoryStatus } from '../../../shared/investor-compliance';
import { categoryTone } from '../../../shared/investor-compliance';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { serverMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { investorComplianceText } from './i18n';

/** The spec's investor compliance colours (Complete/Current green, Due Soon yellow, Overdue red, others grey); always with text. */
export function ComplianceStatusBadge({ status, className }: { status: ComplianceCategoryStatus; className?: string }) {
  const { t } = investorComplianceText.useT();
  return (
    <Badge tone={categoryTone(status)} className={className}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** One checklist line: a check icon when done, with 'Done' or 'Missing' for screen readers. */
export function ChecklistItem({ label, done }: { label: string; done: boolean }) {
  const { t } = investorComplianceText.useT();
  return (
    <li className="flex items-start gap-3 p-3" data-done={done}>
      {done ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-700" />
      ) : (
        <CircleDashed aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
      )}
      <span className={cn('min-w-0 break-words', done ? 'text-ink-900' : 'text-muted')}>
        {label}
        <span className="sr-only">{done ? t('done') : t('missing')}</span>
      </span>
    </li>
  );
}

/**
 * A category card of the Compliance Overview: title, status badge, description, progress and a
 * checklist. Built from the compliance API (Risk Assessment, Annual Documentation) with `items`,
 * or with the list's own items as children (the KYC categories, whose lines upload documents).
 */
export function ComplianceCategoryCard({
  category,
  status,
  progress,
  description,
  items,
  testId = `compliance-category-${category}`,
  children,
}: {
  category: string;
  status: ComplianceCategoryStatus;
  progress: number;
  description: string;
  items?: { label: string; done: boolean }[];
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = investorComplianceText.useT();
  const headingId = useId();
  const name = categoryName(category);
  return (
    <Card className="flex flex-col" data-testid={testId}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle as="h3" id={headingId}>
            {name}
          </CardTitle>
          <ComplianceStatusBadge status={status} />
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <Progress value={progress} label={t('category.progress', { category: name })} showValue />
        <ul
          className={cn('flex flex-col divide-y divide-border rounded-md border border-border', items && 'text-sm')}
          aria-label={t('category.checklist', { category: name })}
        >
          {items?.map((i) => (
            <ChecklistItem key={i.label} label={i.label} done={i.done} />
          ))}
          {children}
        </ul>
      </CardContent>
    </Card>
  );
}

/** A failed load with the server's message and a retry button. */
export function LoadError({
  title,
  error,
  retrying,
  onRetry,
  className,
}: {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = investorComplianceText.useT();
  return (
    <Card className={cn('p-6 text-center', className)}>
      <p role="alert" className="font-medium text-danger-700">
        {title}
      </p>
      <p className="mt-1 text-sm text-muted">{serverMessage(error) ?? t('loadError.checkConnection')}</p>
      <Button variant="secondary" className="mt-4" busy={retrying} onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('loadError.retry')}
      </Button>
    </Card>
  );
}

/** '21 days remaining', '1 day remaining', 'Due today', 'Overdue by 3 days'. */
export function daysRemainingText(days: number): string {
  const t = investorComplianceText.t;
  if (days < 0) return t('actions.overdueBy', { count: -days });
  if (days === 0) return t('actions.dueToday');
  return t('actions.daysRemaining', { count: days });
}

/** The four categories of the Compliance Overview, by their English names (the API's). */
export type CategoryName = 'Identity Verification' | 'Financial Suitability' | 'Risk Assessment' | 'Annual Documentation';
const CATEGORY_NAMES: readonly string[] = ['Identity Verification', 'Financial Suitability', 'Risk Assessment', 'Annual Documentation'];
/** A category's name in the current language (an unknown one as sent). */
export const categoryName = (category: string): string =>
  CATEGORY_NAMES.includes(category) ? investorComplianceText.t(`category.${category as CategoryName}.name`) : category;

const REVIEW_WARNING_DAYS = 30;

/** The review's own status: Overdue past the due date, Due Soon within 30 days, otherwise Current. */
export function reviewStatus(days: number): ComplianceCategoryStatus {
  if (days < 0) return 'Overdue';
  if (days <= REVIEW_WARNING_DAYS) return 'Due Soon';
  return 'Current';
}
