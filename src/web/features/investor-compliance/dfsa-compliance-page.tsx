import { useId } from 'react';
import type { InvestorComplianceData } from '../../../shared/investor-compliance';
import { PageHeader } from '../../components/layout/page-header';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useMyKyc } from '../../lib/queries/kyc';
import { KycRefreshCard } from '../risk/refresh-card';
import { InvestorScreeningSection } from '../screening/investor-screening-section';
import { TaxSection } from '../tax/tax-section';
import { useInvestorCompliance } from './api';
import { ComplianceDocuments, RegulatoryInformation, RequiredActions } from './compliance-sections';
import { ComplianceCategoryCard, categoryName, LoadError } from './compliance-ui';
import { investorComplianceText } from './i18n';
import { ApplicationStatus, CategoryCard, KYC_CATEGORIES } from './kyc-application';
import { riskItemLabel } from './suitability';

/** The two categories that come from the compliance API rather than the KYC application. */
const REVIEW_CATEGORIES = ['Risk Assessment', 'Annual Documentation'] as const;

// ---------------------------------------------------------------------------------------------
// Page
// ---------------------------------------------------------------------------------------------

/**
 * DFSA Compliance (/investor/compliance): the investor's own KYC application, the Compliance
 * Overview's four categories, Required Actions (the annual suitability review), Compliance
 * Documents and Regulatory Information.
 */
export default function DfsaCompliancePage() {
  const { t } = investorComplianceText.useT();
  const me = useMyKyc();
  const compliance = useInvestorCompliance();
  const overviewId = useId();
  const data = compliance.data;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />

      {me.isPending ? (
        <div aria-busy="true">
          <Skeleton shape="block" className="h-40" label={t('kyc.loading')} />
        </div>
      ) : me.isError ? (
        <LoadError
          title={t('toast.kycLoadFailed')}
          error={me.error}
          retrying={me.isFetching}
          onRetry={() => void me.refetch()}
          className="p-8"
        />
      ) : (
        <ApplicationStatus app={me.data} />
      )}

      <KycRefreshCard />

      <InvestorScreeningSection />

      <TaxSection />

      <section aria-labelledby={overviewId} className="mt-8">
        <h2 id={overviewId} className="mb-3 text-lg font-semibold text-ink-900">
          {t('overview')}
        </h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {KYC_CATEGORIES.map((c) =>
            me.data ? (
              <CategoryCard key={c} app={me.data} category={c} />
            ) : (
              <CategoryPlaceholder key={c} name={categoryName(c)} failed={me.isError} />
            ),
          )}
          {REVIEW_CATEGORIES.map((c) => {
            const cat = data?.categories.find((x) => x.category === c);
            return cat && data ? (
              <ComplianceCategoryCard
                key={c}
                category={c}
                status={cat.status}
                progress={cat.progress}
                description={
                  c === 'Risk Assessment' && !data.review.answers ? t('category.Risk Assessment.noAnswers') : t(`category.${c}.description`)
                }
                items={cat.items.map((i) => ({ ...i, label: riskItemLabel(i.label, data.review.answers) }))}
              />
            ) : (
              <CategoryPlaceholder key={c} name={categoryName(c)} failed={compliance.isError} />
            );
          })}
        </div>
      </section>

      {compliance.isError && (
        <LoadError
          title={t('toast.loadFailed')}
          error={compliance.error}
          retrying={compliance.isFetching}
          onRetry={() => void compliance.refetch()}
          className="mt-8"
        />
      )}

      {!compliance.isError && <ComplianceDetails data={data} />}
    </>
  );
}

function ComplianceDetails({ data }: { data: InvestorComplianceData | undefined }) {
  return (
    <>
      <div className="mt-8">
        <RequiredActions data={data} />
      </div>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-5 lg:gap-6">
        <ComplianceDocuments data={data} className="lg:col-span-3" />
        <RegulatoryInformation data={data} className="lg:col-span-2" />
      </div>
    </>
  );
}

/** A category whose data is loading (or failed: the error and retry are shown once, elsewhere). */
function CategoryPlaceholder({ name, failed }: { name: string; failed: boolean }) {
  const { t } = investorComplianceText.useT();
  const headingId = useId();
  if (!failed) return <Skeleton shape="block" className="h-72" />;
  return (
    <Card className="flex flex-col gap-2 p-5" aria-labelledby={headingId} role="group">
      <h3 id={headingId} className="text-base font-semibold leading-tight text-ink-900">
        {name}
      </h3>
      <p className="text-sm text-muted">{t('category.notLoaded')}</p>
    </Card>
  );
}
