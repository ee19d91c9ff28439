import { type LucideIcon, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { SectionIntro, STATS } from './content';
import { landingText } from './i18n';

/* Button looks, local to this page so the landing bundle stays free of the app's UI kit. */
export const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold ' +
  'transition-[color,background-color,border-color] whitespace-nowrap';
/** Gold on any background (ink-950 text on gold-500: 6.3:1). */
export const primary = 'bg-gold-500 text-ink-950 hover:bg-gold-400';
/** Outline button for ink (dark) backgrounds. */
export const secondaryOnDark = 'border border-ink-600 text-ink-50 hover:bg-ink-800';
/** Outline button for light backgrounds. */
export const secondaryOnLight = 'border border-border bg-surface text-ink-900 hover:bg-ink-50';
/** The default gold focus ring is too faint on white; use the dark gold there. */
export const focusOnLight = 'focus-visible:outline-gold-700';

/** Inline contact link with a 40px touch target. */
export const contactLink = 'inline-flex min-h-10 items-center gap-2 rounded-sm underline-offset-4 hover:underline break-all';

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-gold-500 text-ink-950', className)}
    >
      <ShieldCheck className="size-5" />
    </span>
  );
}

export function SectionHeading({ id, intro, dark = false }: { id: string; intro: SectionIntro; dark?: boolean }) {
  return (
    <div className="max-w-2xl">
      <p className={cn('text-sm font-semibold tracking-wider uppercase', dark ? 'text-gold-400' : 'text-gold-700')}>{intro.eyebrow}</p>
      <h2
        id={id}
        className={cn('mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl', dark ? 'text-white' : 'text-ink-900')}
      >
        {intro.heading}
      </h2>
      <p className={cn('mt-4 text-lg', dark ? 'text-ink-100' : 'text-muted')}>{intro.text}</p>
    </div>
  );
}

export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>;
}

export function IconTile({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-lg bg-gold-100 text-gold-700">
      <Icon className="size-6" />
    </span>
  );
}

/** The stats grid's columns on wide screens for 1 to 4 claims (a lone claim does not sit in a quarter). */
const STATS_COLUMNS: Record<number, string> = {
  1: '',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

/** The landing claims the firm has set, as [key, figure]; no section at all when there are none (issue 27). */
export function LandingStats({ stats }: { stats: readonly (readonly [(typeof STATS)[number], string])[] }) {
  const { t } = landingText.useT();
  if (stats.length === 0) return null;
  return (
    <section aria-labelledby="stats-heading" className="border-b border-border bg-surface" data-testid="landing-stats">
      <h2 id="stats-heading" className="sr-only">
        {t('stats.heading')}
      </h2>
      <Container className="py-12 sm:py-16">
        <dl className={cn('grid grid-cols-1 gap-x-8 gap-y-10', STATS_COLUMNS[stats.length])}>
          {stats.map(([stat, value]) => (
            <div key={stat} className="flex flex-col-reverse border-s-2 border-gold-500 ps-5">
              <dt className="mt-1 text-sm font-medium text-muted">{t(`stats.${stat}.label`)}</dt>
              <dd className="tabular text-4xl font-semibold tracking-tight break-words text-ink-900 sm:text-5xl">
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
