import { ArrowRight, CircleCheck, LogIn, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { getDefaultLocale } from '../../../shared/dates';
import { localeDigits } from '../../../shared/digits';
import { cn } from '../../lib/cn';
import { companyName, useDocumentTitle } from '../../lib/company';
import { currentLanguage } from '../../lib/i18n';
import { useCompanyProfile } from './api';
import { ABOUT_PARAGRAPHS, HIGHLIGHTS, OPPORTUNITIES, REASONS, type STATS, VALUE_CARDS } from './content';
import { landingText } from './i18n';
import {
  button,
  Container,
  contactLink,
  focusOnLight,
  IconTile,
  LandingStats,
  LogoMark,
  primary,
  SectionHeading,
  secondaryOnDark,
  secondaryOnLight,
  telHref,
} from './landing-parts';
import { COMPANY_NAME_SLOT, isPrerendering, YEAR_SLOT } from './prerender-slots';

export default function LandingPage() {
  // Prerendered at build time with slots the server fills in per request (prerender-slots.ts).
  const company = isPrerendering() ? COMPANY_NAME_SLOT : companyName();
  const year = isPrerendering() ? YEAR_SLOT : new Date().getFullYear();
  useDocumentTitle();
  const { t } = landingText.useT();
  const profile = useCompanyProfile();
  const offices = profile?.offices ?? [];
  const ir = profile?.investorRelations;
  // The firm's claims (issue 27): only those set in its profile; the offices figure is its offices.
  const claims = profile?.claims;
  const stats = (
    [
      ['aum', claims?.assetsUnderManagement],
      ['investors', claims?.investors],
      ['deals', claims?.completedDeals],
      ['offices', offices.length > 0 ? String(offices.length) : ''],
    ] as const
  ).filter((s): s is readonly [(typeof STATS)[number], string] => Boolean(s[1]));
  const presence = (currentLanguage() === 'ar' && claims?.presence.ar) || claims?.presence.en || '';
  const reasons = REASONS.filter((r) => r !== 'presence' || presence);

  return (
    <div className="min-h-dvh bg-canvas text-text">
      <a
        href="#main"
        className="sr-only rounded-lg bg-gold-500 px-4 py-3 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:start-3 focus:z-50"
      >
        {t('skipToMain')}
      </a>

      <header className="bg-ink-950 text-white">
        <Container className="flex min-h-18 items-center justify-between gap-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <LogoMark />
            <span className="text-base leading-tight font-semibold tracking-tight sm:text-lg">{company}</span>
          </div>
          <Link to="/login" className={cn(button, primary, 'shrink-0 px-4')}>
            <LogIn aria-hidden="true" className="hidden size-4 sm:block rtl:-scale-x-100" />
            {t('investorLogin')}
          </Link>
        </Container>
      </header>

      <main id="main" tabIndex={-1} className="focus:outline-none">
        {/* Hero */}
        <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-ink-950 text-white">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgba(201,138,18,0.22),transparent_60%),radial-gradient(40rem_24rem_at_0%_110%,rgba(59,77,120,0.45),transparent_60%)]"
          />
          <Container className="relative py-20 sm:py-28 lg:py-32">
            <div className="max-w-3xl">
              <p className="inline-flex items-center gap-2 rounded-full border border-ink-700 bg-ink-900 px-3 py-1 text-sm font-medium text-gold-400">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-gold-400" />
                {t('hero.eyebrow')}
              </p>
              <h1
                id="hero-heading"
                className="mt-6 text-4xl leading-tight font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
              >
                {t('hero.headline')}
              </h1>
              <p className="mt-6 max-w-2xl text-lg text-ink-100 sm:text-xl">{t('hero.text')}</p>
              <div className="mt-10 flex flex-col gap-3 sm:flex-row">
                <Link to="/login" className={cn(button, primary, 'px-6')}>
                  {t('hero.accessPlatform')}
                  <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                </Link>
                <button type="button" className={cn(button, secondaryOnDark, 'px-6')}>
                  {t('hero.learnMore')}
                </button>
              </div>
            </div>
          </Container>
        </section>

        {/* Statistics: the claims the firm has set (none on a fresh install) */}
        <LandingStats stats={stats} />

        {/* About */}
        <section aria-labelledby="about-heading" className="bg-canvas">
          <Container className="grid grid-cols-1 gap-10 py-16 sm:py-24 lg:grid-cols-5 lg:gap-16">
            <div className="lg:col-span-2">
              <p className="text-sm font-semibold tracking-wider text-gold-700 uppercase">{t('about.eyebrow')}</p>
              <h2 id="about-heading" className="mt-2 text-3xl font-semibold tracking-tight text-balance text-ink-900 sm:text-4xl">
                {t('about.heading')}
              </h2>
            </div>
            <div className="space-y-5 text-lg leading-relaxed text-text lg:col-span-3">
              {ABOUT_PARAGRAPHS.map((paragraph) => (
                <p key={paragraph}>{t(`about.${paragraph}`)}</p>
              ))}
            </div>
          </Container>
        </section>

        {/* Value cards */}
        <section aria-labelledby="values-heading" className="bg-canvas">
          <Container className="pb-16 sm:pb-24">
            <SectionHeading
              id="values-heading"
              intro={{ eyebrow: t('values.eyebrow'), heading: t('values.heading'), text: t('values.text') }}
            />
            <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
              {VALUE_CARDS.map((card) => (
                <li key={card.key} className="rounded-xl border border-border bg-surface p-6 shadow-sm sm:p-8">
                  <IconTile icon={card.icon} />
                  <h3 className="mt-5 text-xl font-semibold text-ink-900">{t(`values.${card.key}.title`)}</h3>
                  <p className="mt-3 text-muted">{t(`values.${card.key}.description`)}</p>
                </li>
              ))}
            </ul>
          </Container>
        </section>

        {/* Opportunities */}
        <section aria-labelledby="opportunities-heading" className="border-y border-border bg-surface">
          <Container className="py-16 sm:py-24">
            <SectionHeading
              id="opportunities-heading"
              intro={{ eyebrow: t('opportunities.eyebrow'), heading: t('opportunities.heading'), text: t('opportunities.text') }}
            />
            <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {OPPORTUNITIES.map((opportunity) => (
                <li
                  key={opportunity.key}
                  className="flex flex-col rounded-xl border border-border bg-surface p-6 shadow-sm transition-shadow hover:shadow-md"
                >
                  <IconTile icon={opportunity.icon} />
                  <h3 className="mt-5 text-lg font-semibold text-ink-900">{t(`opportunities.${opportunity.key}.title`)}</h3>
                  <p className="mt-2 text-muted">{t(`opportunities.${opportunity.key}.description`)}</p>
                  <ul className="mt-5 space-y-2 border-t border-border pt-5 text-sm text-text">
                    {HIGHLIGHTS.map((highlight) => (
                      <li key={highlight} className="flex items-start gap-2">
                        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-700" />
                        {t(`opportunities.${opportunity.key}.${highlight}`)}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </Container>
        </section>

        {/* Six reasons */}
        <section aria-labelledby="reasons-heading" className="bg-ink-900 text-white">
          <Container className="py-16 sm:py-24">
            <SectionHeading
              id="reasons-heading"
              intro={{ eyebrow: t('reasons.eyebrow'), heading: t('reasons.heading'), text: t('reasons.text') }}
              dark
            />
            <ol className="mt-12 grid grid-cols-1 gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
              {reasons.map((reason, index) => (
                <li key={reason} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="tabular inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-gold-500 text-sm font-semibold text-gold-400"
                  >
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <div>
                    <h3 className="text-lg font-semibold text-white">{t(`reasons.${reason}.title`)}</h3>
                    <p className="mt-2 text-ink-100">{reason === 'presence' ? presence : t(`reasons.${reason}.description`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </Container>
        </section>

        {/* Offices: only those set in the company profile */}
        {offices.length > 0 && (
          <section aria-labelledby="offices-heading" className="bg-canvas">
            <Container className="py-16 sm:py-24">
              <SectionHeading
                id="offices-heading"
                intro={{ eyebrow: t('offices.eyebrow'), heading: t('offices.heading'), text: t('offices.text') }}
              />
              <ul className={cn('mt-10 grid grid-cols-1 gap-6', offices.length > 1 && 'md:grid-cols-2 lg:grid-cols-3')}>
                {offices.map((office) => (
                  <li key={`${office.city}-${office.address}`} className="rounded-xl border border-border bg-surface p-6 shadow-sm">
                    <div className="flex items-center gap-3">
                      <span
                        aria-hidden="true"
                        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-ink-900 text-gold-400"
                      >
                        <MapPin className="size-5" />
                      </span>
                      <div>
                        <h3 className="text-lg font-semibold text-ink-900">{office.city}</h3>
                        {office.role && <p className="text-sm text-muted">{office.role}</p>}
                      </div>
                    </div>
                    {(office.address || office.phone || office.email) && (
                      <address className="mt-5 space-y-1 border-t border-border pt-5 text-text not-italic">
                        {office.address && <p className="pb-2 text-muted">{office.address}</p>}
                        {office.phone && (
                          <p>
                            <a href={telHref(office.phone)} className={cn(contactLink, focusOnLight, 'tabular')}>
                              <Phone aria-hidden="true" className="size-4 shrink-0 text-gold-700" />
                              <span className="sr-only">{t('offices.phone')} </span>
                              <span dir="ltr">{office.phone}</span>
                            </a>
                          </p>
                        )}
                        {office.email && (
                          <p>
                            <a href={`mailto:${office.email}`} className={cn(contactLink, focusOnLight)}>
                              <Mail aria-hidden="true" className="size-4 shrink-0 text-gold-700" />
                              <span className="sr-only">{t('offices.email')} </span>
                              <span dir="ltr">{office.email}</span>
                            </a>
                          </p>
                        )}
                      </address>
                    )}
                  </li>
                ))}
              </ul>
            </Container>
          </section>
        )}

        {/* Calls to action */}
        <section aria-labelledby="cta-heading" className="bg-surface">
          <Container className="py-16 sm:py-24">
            <div className="rounded-2xl bg-ink-900 px-6 py-10 text-white sm:px-10 sm:py-14">
              <div className="flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
                <div className="max-w-2xl">
                  <h2 id="cta-heading" className="text-3xl font-semibold tracking-tight text-balance">
                    {t('cta.heading')}
                  </h2>
                  <p className="mt-3 text-lg text-ink-100">{t('cta.text')}</p>
                </div>
                <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
                  <Link to="/login" className={cn(button, primary, 'px-6')}>
                    {t('cta.getStarted')}
                    <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                  </Link>
                  <Link to="/login" className={cn(button, secondaryOnDark, 'px-6')}>
                    {t('cta.accessNow')}
                  </Link>
                </div>
              </div>
            </div>

            <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
              <div className="flex flex-col rounded-xl border border-border bg-canvas p-6 sm:p-8">
                <h3 className="text-xl font-semibold text-ink-900">{t('cta.invest.heading')}</h3>
                <p className="mt-2 flex-1 text-muted">{t('cta.invest.text')}</p>
                <div className="mt-6">
                  <Link to="/login" className={cn(button, primary, focusOnLight)}>
                    {t('cta.invest.action')}
                    <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                  </Link>
                </div>
              </div>
              <div className="flex flex-col rounded-xl border border-border bg-canvas p-6 sm:p-8">
                <h3 className="text-xl font-semibold text-ink-900">{t('cta.raise.heading')}</h3>
                <p className="mt-2 flex-1 text-muted">{t('cta.raise.text')}</p>
                <div className="mt-6">
                  <button type="button" className={cn(button, secondaryOnLight, focusOnLight)}>
                    {t('cta.raise.action')}
                  </button>
                </div>
              </div>
            </div>
          </Container>
        </section>
      </main>

      <footer className="bg-ink-950 text-ink-100">
        <Container className="py-12 sm:py-16">
          <div className="grid grid-cols-1 gap-10 lg:grid-cols-3">
            <div>
              <div className="flex items-center gap-3">
                <LogoMark />
                <p className="text-lg font-semibold text-white">{company}</p>
              </div>
              <p className="mt-4">{t('footer.tagline')}</p>
              <p className="mt-2 text-sm">{t('footer.regulatoryNote')}</p>
              {profile?.licenseNumber && (
                <p className="mt-1 text-sm">
                  {t('footer.licence')} <bdi className="tabular">{profile.licenseNumber}</bdi>
                </p>
              )}
              {profile?.legalName && <p className="mt-4 text-sm">{profile.legalName}</p>}
              {profile?.registeredOffice && (
                <p className="mt-1 text-sm">{t('footer.registeredOffice', { address: profile.registeredOffice })}</p>
              )}
              {ir && (ir.email || ir.phone) && (
                <div className="mt-4 flex flex-col items-start">
                  <p className="text-sm font-semibold text-white">
                    {ir.name ? t('footer.investorRelationsNamed', { name: ir.name }) : t('footer.investorRelations')}
                  </p>
                  {ir.email && (
                    <a href={`mailto:${ir.email}`} className={cn(contactLink, 'text-gold-400')}>
                      <Mail aria-hidden="true" className="size-4 shrink-0" />
                      <span className="sr-only">{t('footer.investorRelationsEmail')} </span>
                      <span dir="ltr">{ir.email}</span>
                    </a>
                  )}
                  {ir.phone && (
                    <a href={telHref(ir.phone)} className={cn(contactLink, 'tabular text-gold-400')}>
                      <Phone aria-hidden="true" className="size-4 shrink-0" />
                      <span className="sr-only">{t('footer.investorRelationsPhone')} </span>
                      <span dir="ltr">{ir.phone}</span>
                    </a>
                  )}
                </div>
              )}
            </div>

            {offices.length > 0 && (
              <div className="lg:col-span-2">
                <h2 className="text-sm font-semibold tracking-wider text-gold-400 uppercase">{t('footer.contact')}</h2>
                <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-3">
                  {offices.map((office) => (
                    <li key={`${office.city}-${office.address}`}>
                      <p className="font-semibold text-white">{office.city}</p>
                      <address className="flex flex-col items-start not-italic">
                        {office.phone && (
                          <a href={telHref(office.phone)} className={cn(contactLink, 'tabular text-sm')}>
                            <span className="sr-only">{t('footer.officePhone', { city: office.city })} </span>
                            <span dir="ltr">{office.phone}</span>
                          </a>
                        )}
                        {office.email && (
                          <a href={`mailto:${office.email}`} className={cn(contactLink, 'text-sm')}>
                            <span className="sr-only">{t('footer.officeEmail', { city: office.city })} </span>
                            <span dir="ltr">{office.email}</span>
                          </a>
                        )}
                      </address>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>

          <div className="mt-12 border-t border-ink-800 pt-8 text-sm">
            <p>{t('footer.disclaimer')}</p>
            <p className="mt-4">
              © <span className="tabular">{localeDigits(String(year), getDefaultLocale())}</span> {t('footer.rights', { company })}
            </p>
          </div>
        </Container>
      </footer>
    </div>
  );
}
