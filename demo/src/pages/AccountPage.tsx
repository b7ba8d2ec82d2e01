// The customer's account: the subscription and the portal, the plan change, credits, the
// license check and the billing history.
import { type ReactNode, useId } from 'react';
// BillingHistory and LicenseCard are not exported from billing-kit/react yet: read from their
// component folders until they are.
import { BillingHistory } from '../../../src/components/BillingHistory/index.js';
import { LicenseCard } from '../../../src/components/LicenseCard/index.js';
import {
  CreditsHistory,
  PortalButton,
  SubscriptionStatus,
  UpgradePicker,
} from '../../../src/react/index.js';
import { useText } from '../i18n.js';
import { useLocation } from '../router.js';
import type { Identity } from '../session.js';
import { Page } from './Page.js';

/** A titled section of the page. */
export function Section({
  title,
  lead,
  className,
  children,
}: {
  title: string;
  lead?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={className ? `demo-section ${className}` : 'demo-section'}
    >
      <h2 id={id}>{title}</h2>
      {lead ? <p className="demo-lead">{lead}</p> : null}
      {children}
    </section>
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
      <Section title={text.accountSubscription} className="demo-span">
        <div className="demo-row">
          <SubscriptionStatus />
          <PortalButton />
        </div>
      </Section>
      <Section title={text.accountChangePlan}>
        <UpgradePicker defaultValue={plan} />
      </Section>
      {/* CreditsHistory and LicenseCard carry their own headings. */}
      <div className="demo-aside">
        <CreditsHistory />
        <LicenseCard />
      </div>
      <Section title={text.accountBilling} className="demo-span">
        <BillingHistory slotProps={{ caption: { className: 'demo-visually-hidden' } }} />
      </Section>
    </Page>
  );
}
