// Pricing: the catalog as a PricingTable. Choosing a plan as a new buyer opens its product page
// (custom fields and a discount code before paying); a subscribed customer's plan change opens
// the account page with the UpgradePicker set to that plan.
import { PricingTable } from '../../../src/react/index.js';
import { useText } from '../i18n.js';
import { navigate } from '../router.js';
import { Page } from './Page.js';

/** `signedIn`: whether the session names someone; a visitor's table asks for no subscriptions. */
export function PricingPage({ signedIn }: { signedIn: boolean }) {
  const text = useText();
  return (
    <Page title={text.pricingTitle} lead={text.pricingLead}>
      <h2 className="demo-visually-hidden">{text.pricingPlans}</h2>
      <PricingTable
        recommended="prod_pro_monthly"
        signedIn={signedIn}
        successUrl={`${window.location.origin}/return`}
        onUpgrade={(product) => navigate(`/account?plan=${encodeURIComponent(product.id)}`)}
        onCheckout={(product) => navigate(`/products/${encodeURIComponent(product.id)}`)}
      />
    </Page>
  );
}
