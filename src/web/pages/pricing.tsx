import { PageContainer, PageHero } from '../components/page-shell';
import { PricingTabs } from '../components/pricing-tabs';

// Checkout buttons (renderPlanAction / renderPackAction) are wired by the payments work.
export default function PricingPage() {
  return (
    <>
      <PageHero
        title="Pricing"
        eyebrow="Plans and credits"
        description="Start free with 3 images a month. Subscribe for more, or buy credits that never expire."
      />
      <PageContainer size="xl">
        <PricingTabs headingLevel="h2" />
      </PageContainer>
    </>
  );
}
