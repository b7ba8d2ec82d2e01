// The seller's page: store metrics, behind the proxy's `isAdmin`.
// MetricsSummary is not exported from billing-kit/react yet: read from its folder until it is.
import { MetricsSummary } from '../../../src/components/MetricsSummary/index.js';
import { useText } from '../i18n.js';
import { Page } from './Page.js';

export function SellerPage({ admin }: { admin: boolean }) {
  const text = useText();
  if (!admin) return <Page title={text.sellerTitle} lead={text.sellerOnly} />;
  return (
    <Page title={text.sellerTitle} lead={text.sellerLead}>
      <MetricsSummary />
    </Page>
  );
}
