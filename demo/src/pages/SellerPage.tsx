// The seller's page: store metrics, behind the proxy's `isAdmin`.
import { MetricsSummary } from '../../../src/react/index.js';
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
