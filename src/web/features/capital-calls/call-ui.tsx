import { type CallLineStatus, callStatusTone } from '../../../shared/ledger';
import { Badge } from '../../components/ui/badge';

export function CallStatusBadge({ status }: { status: CallLineStatus }) {
  return <Badge tone={callStatusTone(status)}>{status}</Badge>;
}
