/**
 * Landing page content: which cards each section shows, in order, and their icons. The wording
 * is in the landing catalogue (src/shared/i18n/en/landing.json and ar/landing.json); the layout
 * lives in landing-page.tsx.
 *
 * Nothing the firm claims about itself is here (issue 27): the figures (assets under management,
 * investors, completed deals; the number of offices), where its teams are, and its contact
 * details (offices, addresses, phone numbers, e-mail, licence number) are the company profile,
 * edited in Settings and read from GET /api/company; one not set is not shown.
 */
import { Award, Building2, Cpu, Fuel, Handshake, Landmark, type LucideIcon, ShieldCheck } from 'lucide-react';

/** The landing claims of the product specification (section 9), in order: their labels are `stats.<key>.label`. */
export const STATS = ['aum', 'investors', 'deals', 'offices'] as const;

export const VALUE_CARDS: readonly { readonly key: 'secure' | 'trackRecord' | 'partnerships'; readonly icon: LucideIcon }[] = [
  { key: 'secure', icon: ShieldCheck },
  { key: 'trackRecord', icon: Award },
  { key: 'partnerships', icon: Handshake },
];

export const OPPORTUNITIES: readonly { readonly key: 'oil' | 'realEstate' | 'ppp' | 'tech'; readonly icon: LucideIcon }[] = [
  { key: 'oil', icon: Fuel },
  { key: 'realEstate', icon: Building2 },
  { key: 'ppp', icon: Landmark },
  { key: 'tech', icon: Cpu },
];

export const HIGHLIGHTS = ['highlight1', 'highlight2', 'highlight3'] as const;

export const REASONS = ['oversight', 'presence', 'spv', 'diligence', 'reporting', 'relations'] as const;

export const ABOUT_PARAGRAPHS = ['paragraph1', 'paragraph2'] as const;

export interface SectionIntro {
  readonly eyebrow: string;
  readonly heading: string;
  readonly text: string;
}
