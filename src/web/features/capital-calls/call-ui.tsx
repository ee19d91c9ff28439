import { type CallLineStatus, callStatusTone } from '../../../shared/ledger';
import { Badge } from '../../components/ui/badge';
import { enumLabel } from '../../lib/i18n';

export function CallStatusBadge({ status }: { status: CallLineStatus }) {
  return <Badge tone={callStatusTone(status)}>{enumLabel('callLineStatus', status)}</Badge>;
}
