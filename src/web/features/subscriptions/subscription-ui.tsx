import { type SubscriptionStatus, subscriptionTone } from '../../../shared/subscriptions';
import { Badge } from '../../components/ui/badge';
import { Progress } from '../../components/ui/progress';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';

/** Status pill in the subscription tones; the text is always shown. */
export function SubscriptionStatusBadge({ status, className }: { status: SubscriptionStatus; className?: string }) {
  return (
    <Badge tone={subscriptionTone(status)} className={className} data-testid="subscription-status">
      {enumLabel('subscriptionStatus', status)}
    </Badge>
  );
}

/** The subscription's progress bar with its percentage; `label` names it for screen readers. */
export function SubscriptionProgress({ value, label, className }: { value: number; label: string; className?: string }) {
  return <Progress value={value} label={label} showValue className={cn('min-w-28', className)} data-testid="subscription-progress" />;
}
