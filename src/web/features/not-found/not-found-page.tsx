import { ArrowLeft, House } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/company';
import { notFoundText } from './i18n';

const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold ' +
  'transition-[color,background-color,border-color] focus-visible:outline-gold-700';

/** Full page on its own; `embedded` inside an area's shell, which already has the main landmark. */
export default function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const Wrapper = embedded ? 'div' : 'main';
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = notFoundText.useT();
  useDocumentTitle(t('title'));

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <Wrapper
      className={
        embedded ? 'flex items-center justify-center px-4 py-16' : 'flex min-h-dvh items-center justify-center bg-canvas px-4 py-16'
      }
    >
      <div className="w-full max-w-md text-center">
        <p className="tabular text-7xl font-semibold tracking-tight text-gold-700 sm:text-8xl">404</p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-ink-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-3 text-muted">{t('text')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => {
              void navigate(-1);
            }}
            className={cn(button, 'border border-border bg-surface text-ink-900 hover:bg-ink-50')}
          >
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('back')}
          </button>
          <Link to="/" className={cn(button, 'bg-ink-900 text-white hover:bg-ink-800')}>
            <House aria-hidden="true" className="size-4" />
            {t('home')}
          </Link>
        </div>
      </div>
    </Wrapper>
  );
}
