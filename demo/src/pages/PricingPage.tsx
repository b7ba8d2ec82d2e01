// Pricing: the catalog as a PricingTable. Choosing a plan as a new buyer opens its product page
// (custom fields and a discount code before paying); a subscribed customer's plan change opens
// the account page with the UpgradePicker set to that plan.
import type { MouseEvent } from 'react';
import { PricingTable, useProducts } from '../../../src/react/index.js';
import { useText } from '../i18n.js';
import { navigate } from '../router.js';
import { Page } from './Page.js';

export function PricingPage() {
  const text = useText();
  const products = useProducts();
  // A card whose call to action would start a checkout right away (`available`) leads to the
  // product page instead. The table names no product on its button, so the card's title says
  // which plan it is.
  const toProductPage = (event: MouseEvent<HTMLElement>) => {
    const card = event.currentTarget.closest('[data-slot="pricing-table-card"]');
    if (card?.getAttribute('data-state') !== 'available') return;
    const title = card.querySelector('[data-slot="pricing-table-title"]')?.textContent ?? '';
    const product = products.data?.find((p) => p.name === title);
    if (!product) return;
    event.preventDefault();
    event.stopPropagation();
    navigate(`/products/${encodeURIComponent(product.id)}`);
  };
  return (
    <Page title={text.pricingTitle} lead={text.pricingLead}>
      <h2 className="demo-visually-hidden">{text.pricingPlans}</h2>
      <PricingTable
        recommended="prod_pro_monthly"
        successUrl={`${window.location.origin}/return`}
        onUpgrade={(product) => navigate(`/account?plan=${encodeURIComponent(product.id)}`)}
        slotProps={{ button: { onClickCapture: toProductPage } }}
      />
    </Page>
  );
}
