// One product: the CheckoutForm with its custom fields (the product's own, or the store's
// questions when it has none), a discount code and, for team plans, the number of seats.
import { CheckoutForm, type CustomFieldDefinition, useProducts } from '../../../src/react/index.js';
import { type DemoMessages, useText } from '../i18n.js';
import { Link, useLocation } from '../router.js';
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

export function ProductPage({ productId }: { productId: string }) {
  const text = useText();
  const location = useLocation();
  const products = useProducts();
  const product = products.data?.find((p) => p.id === productId);
  const own = product?.custom_fields ?? [];
  return (
    <Page title={text.productTitle}>
      <p>
        <Link href="/">← {text.productBack}</Link>
      </p>
      <div className="demo-narrow">
        <CheckoutForm
          productId={productId}
          customFields={own.length > 0 ? own : storeFields(text)}
          allowUnits={productId === 'prod_team_quarterly'}
          maxUnits={10}
          defaultDiscountCode={location.searchParams.get('code') ?? ''}
          successUrl={`${window.location.origin}/return`}
        />
      </div>
    </Page>
  );
}
