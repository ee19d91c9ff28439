/**
 * Landing page content. This is the one file an operator edits to change the public page's
 * wording, figures and contacts; the layout lives in landing-page.tsx.
 *
 * Contact details (offices, addresses, phone numbers, e-mail, licence number) are not here:
 * they are the company profile, edited in Settings and read from GET /api/company, so the
 * public page never shows a placeholder.
 */
import { Award, Building2, Cpu, Fuel, Handshake, Landmark, type LucideIcon, ShieldCheck } from 'lucide-react';

export interface HeroContent {
  readonly eyebrow: string;
  readonly headline: string;
  readonly text: string;
}

export interface Stat {
  /** Shown as the large figure, e.g. '$500M+'. */
  readonly value: string;
  readonly label: string;
}

export interface AboutContent {
  readonly eyebrow: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export interface SectionIntro {
  readonly eyebrow: string;
  readonly heading: string;
  readonly text: string;
}

export interface ValueCard {
  readonly icon: LucideIcon;
  readonly title: string;
  readonly description: string;
}

export interface OpportunityCard {
  readonly icon: LucideIcon;
  readonly title: string;
  readonly description: string;
  readonly highlights: readonly string[];
}

export interface Reason {
  readonly title: string;
  readonly description: string;
}

export interface CallToActionBlock {
  readonly heading: string;
  readonly text: string;
}

export interface CallToActionContent {
  readonly heading: string;
  readonly text: string;
  readonly invest: CallToActionBlock;
  readonly raise: CallToActionBlock;
}

export interface FooterContent {
  readonly tagline: string;
  readonly regulatoryNote: string;
  readonly disclaimer: string;
}

export const HERO: HeroContent = {
  eyebrow: 'DFSA-regulated investment group',
  headline: 'Cross-border investment opportunities in East Africa',
  text:
    'We source, structure and syndicate deals in energy, real estate, infrastructure and ' +
    'technology, giving qualified investors direct access through dedicated special-purpose ' +
    'vehicles.',
};

/** The landing claims from the product specification (section 9). */
export const STATS: readonly Stat[] = [
  { value: '$500M+', label: 'Assets Under Management' },
  { value: '150+', label: 'Active Investors' },
  { value: '25+', label: 'Completed Deals' },
  { value: '3', label: 'Regional Offices' },
];

export const ABOUT: AboutContent = {
  eyebrow: 'About us',
  heading: 'A regulated bridge between global capital and East African growth',
  paragraphs: [
    'We are an investment group that syndicates cross-border transactions across East Africa. ' +
      'Our team identifies and structures opportunities in oil trading, real estate, ' +
      'public-private partnership infrastructure and technology, and opens them to qualified ' +
      'investors through dedicated special-purpose vehicles (SPVs).',
    'Regulated by the Dubai Financial Services Authority (DFSA), we combine the governance ' +
      'standards of an international financial centre with local teams in Kenya, the UAE and ' +
      'Mauritius, so every investor benefits from disciplined structuring, clear documentation ' +
      'and regular reporting.',
  ],
};

export const VALUES_INTRO: SectionIntro = {
  eyebrow: 'Our principles',
  heading: 'What our investors can rely on',
  text: 'Three commitments shape how we select, structure and manage every transaction.',
};

export const VALUE_CARDS: readonly ValueCard[] = [
  {
    icon: ShieldCheck,
    title: 'Secure & Compliant',
    description:
      'DFSA-regulated, with KYC, anti-money-laundering checks and document controls built into every stage of the investment process.',
  },
  {
    icon: Award,
    title: 'Proven Track Record',
    description:
      'More than 25 completed deals across sectors and jurisdictions, each structured, closed and reported with the same discipline.',
  },
  {
    icon: Handshake,
    title: 'Strategic Partnerships',
    description:
      'Long-standing relationships with sponsors, operators, lenders and public bodies give our ' +
      'investors access to deals rarely offered in the open market.',
  },
];

export const OPPORTUNITIES_INTRO: SectionIntro = {
  eyebrow: 'Investment opportunities',
  heading: 'Four sectors, one disciplined approach',
  text: 'Each opportunity is held in its own SPV, with its own documentation, reporting and investor register.',
};

export const OPPORTUNITIES: readonly OpportunityCard[] = [
  {
    icon: Fuel,
    title: 'Oil Trading',
    description: 'Asset-backed financing of petroleum product cargoes supplying East African markets.',
    highlights: ['Trade finance structures', 'Secured against physical cargo', 'Short investment cycles'],
  },
  {
    icon: Building2,
    title: 'Distressed Real Estate',
    description: 'Acquisition and repositioning of undervalued commercial and residential property from restructurings and forced sales.',
    highlights: ['Entry below replacement cost', 'Active asset management', 'Defined exit planning'],
  },
  {
    icon: Landmark,
    title: 'PPP Infrastructure',
    description: 'Participation in public-private partnership projects in energy, transport and social infrastructure.',
    highlights: ['Long-term concession agreements', 'Public-sector counterparties', 'Essential-service assets'],
  },
  {
    icon: Cpu,
    title: 'AI & Technology',
    description: 'Growth investments in companies building data, fintech and artificial-intelligence solutions for African markets.',
    highlights: ['Growth-stage companies', 'Experienced founding teams', 'Regional scale-up potential'],
  },
];

export const REASONS_INTRO: SectionIntro = {
  eyebrow: 'Why choose us',
  heading: 'Six reasons investors work with us',
  text: 'Institutional standards, local knowledge and a single platform for every deal.',
};

export const REASONS: readonly Reason[] = [
  {
    title: 'Regulatory oversight',
    description: 'We operate under DFSA regulation, with governance, reporting and investor protections to match.',
  },
  {
    title: 'On-the-ground presence',
    description: 'Teams in Nairobi, Dubai and Port Louis source, structure and monitor transactions locally.',
  },
  {
    title: 'Ring-fenced SPV structures',
    description: 'Each deal sits in its own special-purpose vehicle, keeping assets, liabilities and reporting separate.',
  },
  {
    title: 'Rigorous due diligence',
    description: 'Legal, financial and compliance review is completed before any opportunity reaches investors.',
  },
  {
    title: 'Transparent reporting',
    description: 'Deal documents, updates and distributions are available in one secure investor portal.',
  },
  {
    title: 'Dedicated investor relations',
    description: 'A named contact supports every investor, from onboarding and KYC through to exit.',
  },
];

export const OFFICES_INTRO: SectionIntro = {
  eyebrow: 'Our offices',
  heading: 'Our regional offices',
  text: 'Speak to the team closest to you.',
};

export const CALL_TO_ACTION: CallToActionContent = {
  heading: 'Ready to explore our current opportunities?',
  text: 'Sign in to the investor platform to review live deals, documents and your portfolio.',
  invest: {
    heading: 'Looking to invest?',
    text: 'Join our network of investors and gain access to vetted, SPV-structured opportunities across East Africa.',
  },
  raise: {
    heading: 'Seeking to raise funds?',
    text: 'Sponsors and companies with East African projects can apply to have their opportunity reviewed by our investment team.',
  },
};

export const FOOTER: FooterContent = {
  tagline: 'Cross-border deal syndication in East Africa.',
  regulatoryNote: 'Regulated by the Dubai Financial Services Authority (DFSA).',
  disclaimer:
    'Investments involve risk, including the possible loss of capital. Opportunities are ' +
    'available to eligible investors only. Nothing on this website constitutes an offer or a ' +
    'solicitation to invest.',
};
