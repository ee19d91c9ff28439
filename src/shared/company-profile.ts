import { companyZone, type Office, type Settings } from './settings.ts';

/**
 * The company profile the public and investors see (GET /api/company): the landing page, its
 * footer and the DFSA Compliance screen. A value the operator has not set is an empty string
 * (or no office) and is shown as no line at all, never as a placeholder; admins see what is
 * missing on their dashboard, with a link to Settings.
 */
export interface CompanyProfile {
  companyName: string;
  legalName: string;
  licenseNumber: string;
  regulatorAuthorization: string;
  registeredOffice: string;
  offices: Office[];
  investorRelations: { name: string; email: string; phone: string };
  compliance: { name: string; email: string; phone: string };
  /** The disclaimer at the foot of statements and notices, per document language. */
  disclaimer: { en: string; ar: string };
  /** The company's IANA time zone (Settings > General): open tabs follow a change without a reload. */
  timeZone: string;
  /**
   * The landing page's claims (issue 27 item 13), each '' when not set (then not shown). The
   * offices figure is the number of offices above, so it cannot disagree with them.
   */
  claims: { assetsUnderManagement: string; investors: string; completedDeals: string; presence: { en: string; ar: string } };
}

export function companyProfileOf(s: Settings): CompanyProfile {
  return {
    companyName: s.companyName,
    legalName: s.legalName,
    licenseNumber: s.licenseNumber,
    regulatorAuthorization: s.regulatorAuthorization,
    registeredOffice: s.registeredOffice,
    offices: s.offices,
    investorRelations: { name: s.investorRelationsName, email: s.investorRelationsEmail, phone: s.investorRelationsPhone },
    compliance: { name: s.complianceContactName, email: s.complianceContactEmail, phone: s.complianceContactPhone },
    disclaimer: { en: s.documentDisclaimer, ar: s.documentDisclaimerAr },
    timeZone: companyZone(s),
    claims: {
      assetsUnderManagement: s.claimAssetsUnderManagement,
      investors: s.claimInvestors,
      completedDeals: s.claimCompletedDeals,
      presence: { en: s.claimPresence, ar: s.claimPresenceAr },
    },
  };
}

/** The profile items not set yet, by the name admins see them under in Settings. */
export function missingProfileItems(p: CompanyProfile): string[] {
  const missing: string[] = [];
  if (!p.legalName) missing.push('Legal name');
  if (!p.licenseNumber) missing.push('DFSA licence number');
  if (!p.registeredOffice) missing.push('Registered office');
  if (p.offices.length === 0) missing.push('Offices');
  if (!p.investorRelations.email && !p.investorRelations.phone) missing.push('Investor relations contact');
  if (!p.compliance.email && !p.compliance.phone) missing.push('Compliance contact');
  return missing;
}
