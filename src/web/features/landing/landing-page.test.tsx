import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompanyProfile } from '../../../shared/company-profile';
import ar from '../../../shared/i18n/ar/landing.json';
import { failWith } from '../../testing/fake-api';
import { expectNoA11yViolations } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import LandingPage from './landing-page';

/**
 * The public landing page (spec: Landing Page; issue 27 item 13 for the claims): the spec's
 * sections in order, the firm's claims and contacts only where its profile sets them, and nothing
 * unset on a fresh install. The company profile comes from GET /api/company after the page shows.
 */
const PROFILE: CompanyProfile = {
  companyName: 'Acacia Capital Partners',
  legalName: 'Acacia Capital Partners Ltd',
  licenseNumber: 'F004512',
  regulatorAuthorization: 'Category 3C',
  registeredOffice: 'Gate Village 3, DIFC, Dubai',
  offices: [
    { city: 'Dubai', role: 'Headquarters', address: 'Gate Village 3, DIFC', phone: '+971 4 555 0100', email: 'dubai@acacia.example' },
    { city: 'Nairobi', role: 'East Africa desk', address: 'Westlands, Nairobi', phone: '+254 20 555 0199', email: '' },
  ],
  investorRelations: { name: 'Amina Odhiambo', email: 'ir@acacia.example', phone: '+971 4 555 0111' },
  compliance: { name: '', email: '', phone: '' },
  disclaimer: { en: '', ar: '' },
  timeZone: 'Asia/Dubai',
  // Two of the three figures set: the completed deals are not claimed, so not shown.
  claims: {
    assetsUnderManagement: '$500M+',
    investors: '150+',
    completedDeals: '',
    presence: { en: 'Teams in Dubai and Nairobi.', ar: 'فرق في دبي ونيروبي.' },
  },
};
const FRESH: CompanyProfile = {
  ...PROFILE,
  licenseNumber: '',
  registeredOffice: '',
  offices: [],
  investorRelations: { name: '', email: '', phone: '' },
  claims: { assetsUnderManagement: '', investors: '', completedDeals: '', presence: { en: '', ar: '' } },
};

const headings = (level: number) => screen.getAllByRole('heading', { level }).map((h) => h.textContent?.trim());

describe('Landing page', () => {
  it("the spec's sections in order, the firm's claims and contacts from its profile, the links to sign in", async () => {
    const { api } = await renderScreen(<LandingPage />, { at: '/', user: null, api: { 'GET /api/company': { profile: PROFILE } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cross-border investment opportunities in East Africa');
    // The stats appear once the profile has arrived: the claims set, and the offices counted (2).
    const stats = await screen.findByTestId('landing-stats');
    const figures = [...stats.querySelectorAll('dl > div')].map((d) => [
      d.querySelector('dt')?.textContent,
      d.querySelector('dd')?.textContent,
    ]);
    expect(figures).toEqual([
      ['Assets Under Management', '$500M+'],
      ['Active Investors', '150+'],
      ['Regional Offices', '2'],
    ]);
    expect(headings(2)).toEqual([
      'Key figures',
      'A regulated bridge between global capital and East African growth',
      'What our investors can rely on',
      'Four sectors, one disciplined approach',
      'Six reasons investors work with us',
      'Our regional offices',
      'Ready to explore our current opportunities?',
      'Contact',
    ]);
    // The four sectors and the six reasons, the presence reason in the firm's own words.
    for (const sector of ['Oil Trading', 'Distressed Real Estate', 'PPP Infrastructure', 'AI & Technology'])
      expect(screen.getByRole('heading', { level: 3, name: sector })).toBeTruthy();
    expect(screen.getByText('Teams in Dubai and Nairobi.')).toBeTruthy();

    // Each office with its phone and e-mail as links (the Nairobi office has no e-mail: none shown).
    const offices = screen.getByRole('region', { name: 'Our regional offices' });
    expect(within(offices).getByRole('link', { name: 'Phone: +971 4 555 0100' }).getAttribute('href')).toBe('tel:+97145550100');
    expect(within(offices).getByRole('link', { name: 'E-mail: dubai@acacia.example' }).getAttribute('href')).toBe(
      'mailto:dubai@acacia.example',
    );
    expect(within(offices).getByRole('link', { name: 'Phone: +254 20 555 0199' })).toBeTruthy();
    expect(within(offices).getAllByRole('link', { name: /^E-mail:/ })).toHaveLength(1);

    // The footer: licence, registered office, the named investor-relations contact.
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('DFSA licence number F004512');
    expect(footer.textContent).toContain('Registered office: Gate Village 3, DIFC, Dubai');
    expect(footer.textContent).toContain('Investor relations: Amina Odhiambo');
    expect(within(footer).getByRole('link', { name: 'Investor relations e-mail: ir@acacia.example' })).toBeTruthy();

    // Every sign-in call to action leads to /login; "Learn More" is a button with no action.
    for (const name of ['Investor Login', 'Access Platform', 'Get Started Today', 'Access Platform Now', 'Join Us'])
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('button', { name: 'Learn More' })).toBeTruthy();
    expect(api.callsTo('GET /api/company')).toHaveLength(1);
    await expectNoA11yViolations('landing page');
  });

  it('a fresh install claims nothing: no figures, no offices, no contact lines', async () => {
    const { api } = await renderScreen(<LandingPage />, { at: '/', user: null, api: { 'GET /api/company': { profile: FRESH } } });
    // The profile answered (nothing on screen changes with it: that is the point), then a render.
    await waitFor(() => expect(api.callsTo('GET /api/company')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('landing-stats')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Our regional offices' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 3, name: 'On-the-ground presence' })).toBeNull();
    expect(screen.getByRole('contentinfo').textContent).not.toContain('DFSA licence number');
    expect(screen.queryByRole('link', { name: /^Investor relations/ })).toBeNull();
  });

  it('without the profile (the request fails) the page still shows, with nothing the firm has not set', async () => {
    await renderScreen(<LandingPage />, { at: '/', user: null, api: { 'GET /api/company': failWith(500, 'Internal error') } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cross-border investment opportunities in East Africa');
    expect(screen.getByRole('heading', { level: 3, name: 'Regulatory oversight' })).toBeTruthy();
    expect(screen.queryByTestId('landing-stats')).toBeNull();
    expect(screen.queryByRole('contentinfo')?.textContent).not.toContain('Registered office');
  });

  it("in Arabic: the catalogue's texts and the firm's Arabic presence line", async () => {
    await renderScreen(<LandingPage />, { at: '/', user: null, language: 'ar', api: { 'GET /api/company': { profile: PROFILE } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ar.hero.headline);
    expect(screen.getByRole('link', { name: ar.investorLogin }).getAttribute('href')).toBe('/login');
    expect(await screen.findByRole('region', { name: ar.offices.heading })).toBeTruthy();
    expect(screen.getByText('فرق في دبي ونيروبي.')).toBeTruthy();
    expect(screen.queryByText('Teams in Dubai and Nairobi.')).toBeNull();
    await expectNoA11yViolations('landing page (ar)');
  });
});
