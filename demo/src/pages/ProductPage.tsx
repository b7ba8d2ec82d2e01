// One product: the CheckoutForm with its custom fields (the product's own, or the store's
// questions when it has none), a discount code and, for team plans, the number of seats. A
// customer who already holds a live subscription to the product is sent to their account
// instead of being sold the same plan twice.
import type { ReactNode } from 'react';
import {
  CheckoutForm,
  type CustomFieldDefinition,
  SubscriptionStatus,
  useCustomerSubscriptions,
  useProducts,
} from '../../../src/react/index.js';
import { type DemoMessages, useText } from '../i18n.js';
import { Link, useLocation } from '../router.js';
import { isLive, productIdOf, SUBSCRIPTIONS_PAGE_SIZE } from '../subscriptions.js';
import { Page } from './Page.js';

/** What the store asks every buyer of a product that defines no custom fields itself. */
function storeFields(text: DemoMessages): CustomFieldDefinition[] {
  return [
    {
      type: 'text',
      key: 'company',
      label: text.fieldCompany,
      optional: true,
      text: { min_length: 2, max_length: 80 },
    },
    {
      type: 'checkbox',
      key: 'newsletter',
      label: text.fieldNews,
      optional: true,
      checkbox: { label: text.fieldNewsBox },
    },
  ];
}

/**
 * `signedIn`: whether the session names someone; only then are the customer's subscriptions
 * read (a visitor holds none, and the proxy would answer 401).
 */
export function ProductPage({ productId, signedIn }: { productId: string; signedIn: boolean }) {
  const text = useText();
  const location = useLocation();
  const products = useProducts();
  // The same query as the account page's list, so going there costs no second request.
  const subscriptions = useCustomerSubscriptions({
    pageSize: SUBSCRIPTIONS_PAGE_SIZE,
    enabled: signedIn,
  });
  const product = products.data?.find((p) => p.id === productId);
  const own = product?.custom_fields ?? [];
  const held = subscriptions.data?.items.find(
    (subscription) => isLive(subscription) && productIdOf(subscription) === productId,
  );
  let body: ReactNode;
  if (signedIn && subscriptions.isPending) {
    body = (
      <p className="demo-note" role="status" aria-busy="true">
        {text.productChecking}
      </p>
    );
  } else if (held) {
    body = (
      <div className="demo-card">
        <p className="demo-product">{text.productHeld}</p>
        <SubscriptionStatus subscription={held} />
        <p className="demo-note">{text.productHeldManage}</p>
        <p>
          <Link href="/account" className="demo-button">
            {text.returnToAccount}
          </Link>
        </p>
      </div>
    );
  } else {
    // A list that failed to load cannot tell: the form is offered, as to a new buyer.
    body = (
      <CheckoutForm
        productId={productId}
        customFields={own.length > 0 ? own : storeFields(text)}
        allowUnits={productId === 'prod_team_quarterly'}
        maxUnits={10}
        defaultDiscountCode={location.searchParams.get('code') ?? ''}
        successUrl={`${window.location.origin}/return`}
      />
    );
  }
  return (
    <Page title={text.productTitle}>
      <p>
        <Link href="/">← {text.productBack}</Link>
      </p>
      <div className="demo-narrow">{body}</div>
    </Page>
  );
}
