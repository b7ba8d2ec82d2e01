// The customer's account: the subscription and the portal, the plan change, credits, the
// license check and the billing history.
import type { ReactNode } from 'react';
import {
  BillingHistory,
  CreditsHistory,
  LicenseCard,
  PortalButton,
  SubscriptionStatus,
  UpgradePicker,
} from '../../../src/react/index.js';
import { useText } from '../i18n.js';
import { useLocation } from '../router.js';
import type { Identity } from '../session.js';
import { Page } from './Page.js';

/**
 * A titled block of the page. Not a landmark of its own: the components inside are named
 * regions already ("Change plan", "Billing history"), and a second landmark of the same name
 * around each would only repeat them.
 */
function Block({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `demo-section ${className}` : 'demo-section'}>
      <h2>{title}</h2>
      {children}
    </div>
  );
}

export function AccountPage({ identity }: { identity: Identity }) {
  const text = useText();
  const { searchParams } = useLocation();
  if (identity.kind === 'signed-out') {
    return <Page title={text.accountTitle} lead={text.accountSignedOut} />;
  }
  const plan = searchParams.get('plan');
  return (
    <Page title={text.accountTitle} className="demo-account">
      <Block title={text.accountSubscription} className="demo-span">
        <div className="demo-row">
          <SubscriptionStatus />
          <PortalButton />
        </div>
      </Block>
      <Block title={text.accountChangePlan}>
        <UpgradePicker defaultValue={plan} />
      </Block>
      {/* CreditsHistory and LicenseCard carry their own headings. */}
      <div className="demo-aside">
        <CreditsHistory />
        <LicenseCard />
      </div>
      <Block title={text.accountBilling} className="demo-span">
        <BillingHistory slotProps={{ caption: { className: 'demo-visually-hidden' } }} />
      </Block>
    </Page>
  );
}
