// The customer's account: every subscription that has not ended and the portal, the plan
// change, credits, the license check and the billing history.
import type { ReactNode } from 'react';
import {
  BillingHistory,
  CreditsHistory,
  LicenseCard,
  PortalButton,
  SubscriptionStatus,
  UpgradePicker,
  useCustomerSubscriptions,
} from '../../../src/react/index.js';
import { fill, useText } from '../i18n.js';
import { useLocation } from '../router.js';
import { type Identity, useDemoVisitor } from '../session.js';
import { isLive, SUBSCRIPTIONS_PAGE_SIZE } from '../subscriptions.js';
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

/** The live subscriptions of page `page` (2 and on) of the customer's list, and those after. */
function LaterSubscriptions({ page }: { page: number }) {
  const query = useCustomerSubscriptions({ page, pageSize: SUBSCRIPTIONS_PAGE_SIZE });
  const next = query.data?.pagination.next_page ?? null;
  return (
    <>
      {(query.data?.items ?? []).filter(isLive).map((subscription) => (
        <li key={subscription.id}>
          <SubscriptionStatus subscription={subscription} />
        </li>
      ))}
      {next !== null && next > page ? <LaterSubscriptions page={next} /> : null}
    </>
  );
}

/**
 * Every subscription of the customer that has not ended, each in its own SubscriptionStatus. A
 * customer with none live sees SubscriptionStatus's own answer (no subscription yet, or the
 * last one that ended).
 */
function Subscriptions({ title }: { title: string }) {
  const text = useText();
  const query = useCustomerSubscriptions({ pageSize: SUBSCRIPTIONS_PAGE_SIZE });
  if (query.isPending) {
    return (
      <p className="demo-note" role="status" aria-busy="true">
        {text.accountSubscriptionsLoading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="demo-note" role="alert">
        {text.accountSubscriptionsFailed}{' '}
        <button type="button" className="demo-link" onClick={() => void query.refetch()}>
          {text.retry}
        </button>
      </p>
    );
  }
  const live = query.data.items.filter(isLive);
  const next = query.data.pagination.next_page;
  if (live.length === 0 && next === null) return <SubscriptionStatus />;
  return (
    <ul className="demo-list" aria-label={title}>
      {live.map((subscription) => (
        <li key={subscription.id}>
          <SubscriptionStatus subscription={subscription} />
        </li>
      ))}
      {next !== null && next > 1 ? <LaterSubscriptions page={next} /> : null}
    </ul>
  );
}

/**
 * "Manage billing", for a visitor the service has a customer for. A new buyer known by e-mail
 * only has no billing account until the first payment (the proxy would answer 404): they are
 * told so instead. Customers picked from the switch always have one.
 */
function Portal({ identity }: { identity: Identity }) {
  const text = useText();
  const byEmail = identity.kind === 'email';
  const { visitor, failed } = useDemoVisitor(byEmail);
  if (!byEmail) return <PortalButton />;
  if (visitor?.billingAccount === false) {
    return <p className="demo-note">{fill(text.accountNoBillingYet, { email: identity.email })}</p>;
  }
  // Until the dev server answers, nothing; if it cannot, the button (it reports its own failure).
  return visitor || failed ? <PortalButton /> : null;
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
      <Block title={text.accountSubscriptions} className="demo-span">
        <Subscriptions title={text.accountSubscriptions} />
        <div className="demo-row">
          <Portal identity={identity} />
        </div>
      </Block>
      <Block title={text.accountChangePlan}>
        {/* The picker chooses the subscription whose plan may change by itself. */}
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
