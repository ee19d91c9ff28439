import { PageHeader } from '../../components/layout/page-header';
import { SubscribeForm } from './subscribe-form';
import { SubscriptionList } from './subscription-list';

/** Subscription Portal (/investor/subscriptions): subscribe to an open deal and follow your subscriptions. */
export default function SubscriptionPortalPage() {
  return (
    <>
      <PageHeader
        title="Subscription Portal"
        description="Subscribe to deals open for investment and follow each subscription's progress."
      />
      <SubscribeForm />
      <SubscriptionList />
    </>
  );
}
