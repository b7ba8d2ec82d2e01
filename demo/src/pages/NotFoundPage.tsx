import { useText } from '../i18n.js';
import { Link } from '../router.js';
import { Page } from './Page.js';

export function NotFoundPage() {
  const text = useText();
  return (
    <Page title={text.notFoundTitle} lead={text.notFoundLead}>
      <p>
        <Link href="/">{text.navPricing}</Link>
      </p>
    </Page>
  );
}
