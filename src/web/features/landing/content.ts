/**
 * Landing page content: which cards each section shows, in order, and their icons. The wording
 * is in the landing catalogue (src/shared/i18n/en/landing.json and ar/landing.json), the one
 * place an operator edits to change the public page's text and figures; the layout lives in
 * landing-page.tsx.
 *
 * Contact details (offices, addresses, phone numbers, e-mail, licence number) are not here:
 * they are the company profile, edited in Settings and read from GET /api/company, so the
 * public page never shows a placeholder.
 */
import { Award, Building2, Cpu, Fuel, Handshake, Landmark, type LucideIcon, ShieldCheck } from 'lucide-react';

/** The landing claims from the product specification (section 9): keys of `stats` in the catalogue. */
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
