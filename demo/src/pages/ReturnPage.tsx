// Where the payment page sends the buyer back: the redirect's query names the checkout, order,
// product and subscription; the page shows what was bought, as the proxy reports it.
import { formatMoney } from '../../../src/contract/money.js';
import { SubscriptionStatus, useProducts, useTransactions } from '../../../src/react/index.js';
import { useText } from '../i18n.js';
import { Link, useLocation } from '../router.js';
import type { Identity } from '../session.js';
import { Page } from './Page.js';

function OrderFigures({ orderId }: { orderId: string }) {
  const text = useText();
  const transactions = useTransactions({ orderId });
  const payment = transactions.data?.items[0];
  if (!payment) return null;
  return (
    <div>
      <dt>{text.returnPaid}</dt>
      <dd data-testid="return-paid">
        {formatMoney(payment.amount_paid ?? 0, payment.currency, text.locale)}
      </dd>
    </div>
  );
}

export function ReturnPage({ identity }: { identity: Identity }) {
  const text = useText();
  const { searchParams } = useLocation();
  const products = useProducts();
  const checkoutId = searchParams.get('checkout_id');
  const orderId = searchParams.get('order_id');
  const productId = searchParams.get('product_id');
  const subscriptionId = searchParams.get('subscription_id');
  const product = products.data?.find((p) => p.id === productId);
  const signedIn = identity.kind !== 'signed-out';

  if (!checkoutId) {
    return (
      <Page title={text.returnTitle} lead={text.returnMissing}>
        <p>
          <Link href="/">{text.navPricing}</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={text.returnTitle} lead={text.returnLead}>
      <section className="demo-card">
        <dl className="demo-facts">
          <div>
            <dt>{text.returnProduct}</dt>
            <dd>{product ? product.name : (productId ?? '—')}</dd>
          </div>
          {orderId ? (
            <div>
              <dt>{text.returnOrder}</dt>
              <dd>
                <code>{orderId}</code>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{text.returnCheckout}</dt>
            <dd>
              <code>{checkoutId}</code>
            </dd>
          </div>
          {signedIn && orderId ? <OrderFigures orderId={orderId} /> : null}
        </dl>
      </section>
      {signedIn && subscriptionId ? (
        <section className="demo-section">
          <h2>{text.returnSubscription}</h2>
          <SubscriptionStatus subscriptionId={subscriptionId} />
        </section>
      ) : null}
      {signedIn ? (
        <p>
          <Link href="/account" className="demo-button">
            {text.returnToAccount}
          </Link>
        </p>
      ) : (
        <p className="demo-note">{text.returnSignedOut}</p>
      )}
    </Page>
  );
}
