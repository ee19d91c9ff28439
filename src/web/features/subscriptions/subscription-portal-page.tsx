import { PageHeader } from '../../components/layout/page-header';
import { subscriptionsText } from './i18n';
import { SubscribeForm } from './subscribe-form';
import { SubscriptionList } from './subscription-list';

/** Subscription Portal (/investor/subscriptions): subscribe to an open deal and follow your subscriptions. */
export default function SubscriptionPortalPage() {
  const { t } = subscriptionsText.useT();
  return (
    <>
      <PageHeader title={t('portal.title')} description={t('portal.description')} />
      <SubscribeForm />
      <SubscriptionList />
    </>
  );
}
