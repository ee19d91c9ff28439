import { RotateCw } from 'lucide-react';
import { serverMessage } from '../../lib/api';
import { common } from '../../lib/i18n';
import { Button } from './button';
import { Card } from './card';

/** A screen's data could not be loaded: what failed, the server's reason when it gave one, and Try again. */
export function LoadError({ title, error, onRetry, busy }: { title: string; error: unknown; onRetry: () => void; busy?: boolean }) {
  return (
    <Card className="p-8 text-center">
      <p role="alert" className="font-medium text-danger-700">
        {title}
      </p>
      <p className="mt-1 text-sm text-muted">{serverMessage(error) ?? common.t('loadError.checkConnection')}</p>
      <Button variant="secondary" className="mt-4" busy={busy} onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {common.t('action.tryAgain')}
      </Button>
    </Card>
  );
}
