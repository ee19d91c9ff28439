import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n';

export type SpinnerProps = {
  className?: string;
  /** When given, the spinner is announced (role="status") with this text; otherwise it is decorative. */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-gold-600', className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function LoadingScreen({ label }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-svh w-full items-center justify-center gap-3 bg-canvas text-muted">
      <Spinner className="size-6" />
      <span className="text-sm font-medium">{label ?? common.t('status.loading')}</span>
    </div>
  );
}

/** A screen whose code is still loading, inside the shell (the sidebar stays). */
export function PageLoading() {
  return (
    <div role="status" className="flex w-full items-center justify-center gap-3 py-16 text-muted">
      <Spinner className="size-6" />
      <span className="text-sm font-medium">{common.t('status.loading')}</span>
    </div>
  );
}
