import { BrainCircuit, Building2, Construction, Fuel, Landmark, type LucideIcon } from 'lucide-react';
import { type DealType, dealStatusTone } from '../../../shared/deals';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { Badge } from '../ui/badge';

/** One lucide icon per deal type. */
export const DEAL_TYPE_ICONS: Record<DealType, LucideIcon> = {
  'Oil Trading': Fuel,
  'Distressed Real Estate': Building2,
  PPP: Landmark,
  'AI & Tech': BrainCircuit,
  Infrastructure: Construction,
};

export function DealTypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon = DEAL_TYPE_ICONS[type as DealType] ?? Building2;
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-md bg-ink-100 text-ink-800', className)}
    >
      <Icon className="size-5" />
    </span>
  );
}

/** Active green, Pending yellow, anything else grey (spec section 4); the text is always shown. */
export function DealStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={dealStatusTone(status)} className={className}>
      {enumLabel('dealStatus', status)}
    </Badge>
  );
}
