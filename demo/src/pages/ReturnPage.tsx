// Where the payment page sends the buyer back. The redirect's query names the checkout, order,
// product and subscription, and is signed with the store's key. A query anyone can type proves
// nothing: the page says the payment went through, and what was bought, only once the demo
// server has checked the signature (`verifyReturnUrl` on /__demo/return), and shows the order
// only once the proxy confirms it is the signed-in customer's.
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../src/contract/money.js';
import { SubscriptionStatus, useProducts, useTransactions } from '../../../src/react/index.js';
import type { DemoReturnCheck } from '../../server/plugin.js';
import { useText } from '../i18n.js';
import { Link, useLocation } from '../router.js';
import type { Identity } from '../session.js';
import { Page } from './Page.js';

type Redirect = {
  checkoutId: string;
  orderId: string;
  subscriptionId: string | null;
};

/** The order, once the proxy has it among the signed-in customer's transactions. */
function Order({ redirect }: { redirect: Redirect }) {
  const text = useText();
  const transactions = useTransactions({ orderId: redirect.orderId });
  if (transactions.isPending) {
    return (
      <p className="demo-note" role="status">
        {text.returnChecking}
      </p>
    );
  }
  if (transactions.isError) {
    return (
      <p className="demo-note" role="alert">
        {text.returnFailed}{' '}
        <button type="button" className="demo-link" onClick={() => void transactions.refetch()}>
          {text.retry}
        </button>
      </p>
    );
  }
  const payment = transactions.data.items[0];
  if (!payment) return <p className="demo-note">{text.returnNotYours}</p>;
  return (
    <>
      <dl className="demo-facts demo-card">
        <div>
          <dt>{text.returnOrder}</dt>
          <dd>
            <code>{redirect.orderId}</code>
          </dd>
        </div>
        <div>
          <dt>{text.returnCheckout}</dt>
          <dd>
            <code>{redirect.checkoutId}</code>
          </dd>
        </div>
        <div>
          <dt>{text.returnPaid}</dt>
          <dd>{formatMoney(payment.amount_paid ?? 0, payment.currency, text.locale)}</dd>
        </div>
      </dl>
      {redirect.subscriptionId ? (
        <section className="demo-section" aria-labelledby="return-subscription">
          <h2 id="return-subscription">{text.returnSubscription}</h2>
          <SubscriptionStatus subscriptionId={redirect.subscriptionId} />
        </section>
      ) : null}
      <p>
        <Link href="/account" className="demo-button">
          {text.returnToAccount}
        </Link>
      </p>
    </>
  );
}

type ReturnCheck = 'checking' | 'verified' | 'unverified' | 'failed';

/** Whether the demo server finds the return page's query signed by the payment page. */
function useReturnCheck(search: string): { state: ReturnCheck; retry: () => void } {
  const [state, setState] = useState<ReturnCheck>('checking');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // `attempt` is read so that a retry runs the check again.
    void attempt;
    let live = true;
    setState('checking');
    fetch(`/__demo/return${search}`, { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const { verified } = (await response.json()) as DemoReturnCheck;
        if (live) setState(verified === true ? 'verified' : 'unverified');
      })
      .catch(() => {
        if (live) setState('failed');
      });
    return () => {
      live = false;
    };
  }, [search, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

export function ReturnPage({ identity }: { identity: Identity }) {
  const text = useText();
  const { searchParams, search } = useLocation();
  const products = useProducts();
  const check = useReturnCheck(search);
  const checkoutId = searchParams.get('checkout_id');
  const orderId = searchParams.get('order_id');
  const productId = searchParams.get('product_id');
  const product = products.data?.find((p) => p.id === productId);

  if (!checkoutId || !orderId) {
    return (
      <Page title={text.returnTitle} lead={text.returnMissing}>
        <p>
          <Link href="/">{text.navPricing}</Link>
        </p>
      </Page>
    );
  }
  if (check.state === 'checking') {
    return (
      <Page title={text.returnCheckTitle}>
        <p className="demo-note" role="status" aria-busy="true">
          {text.returnCheckingLink}
        </p>
      </Page>
    );
  }
  if (check.state === 'failed') {
    return (
      <Page title={text.returnCheckTitle}>
        <p className="demo-note" role="alert">
          {text.returnCheckFailed}{' '}
          <button type="button" className="demo-link" onClick={check.retry}>
            {text.retry}
          </button>
        </p>
      </Page>
    );
  }
  if (check.state === 'unverified') {
    return (
      <Page title={text.returnUnconfirmedTitle} lead={text.returnUnconfirmed}>
        <p>
          {identity.kind === 'signed-out' ? (
            <Link href="/">{text.navPricing}</Link>
          ) : (
            <Link href="/account">{text.returnToAccount}</Link>
          )}
        </p>
      </Page>
    );
  }
  return (
    <Page title={text.returnTitle} lead={text.returnLead}>
      {product ? (
        <div className="demo-card">
          <p className="demo-eyebrow">{text.returnProduct}</p>
          <p className="demo-product">{product.name}</p>
          <p className="demo-note">{product.description}</p>
        </div>
      ) : null}
      {identity.kind === 'signed-out' ? (
        <p className="demo-note">{text.returnSignedOut}</p>
      ) : (
        <Order
          redirect={{ checkoutId, orderId, subscriptionId: searchParams.get('subscription_id') }}
        />
      )}
    </Page>
  );
}
