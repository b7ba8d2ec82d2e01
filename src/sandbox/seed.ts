// The sandbox's seeded data: a catalog over both billing types, every billing period, both tax
// modes, both product statuses, every feature type and both custom field types; three demo
// customers (Ada, Grace, Linus, with stable ids) and nine generated ones; subscriptions in
// every status with their payment history; discounts in every status, type and duration;
// licenses in every status with instances; credit accounts in every status, Ada's "AI credits"
// with more than a thousand entries. Times are relative to the sandbox's `now`; the same seed
// and `now` give the same data.

import { addBillingPeriod } from '../contract/period.js';
import type {
  Customer,
  CustomField,
  Discount,
  Feature,
  License,
  LicenseInstance,
  Product,
  Transaction,
} from '../contract/schemas.js';
import { embeddedDiscount, issueLicense } from './checkouts.js';
import type { Ledger } from './ledger.js';
import { priceIdOf } from './operations.js';
import { priceCharge } from './pricing.js';
import type { Random } from './random.js';
import type { SandboxStore, StoredSubscription } from './state.js';

const DAY = 86_400_000;

/** The demo customers' ids: stable for every seed, for "signed in as" switches and docs. */
export const demoCustomerIds = {
  ada: 'cust_ada',
  grace: 'cust_grace',
  linus: 'cust_linus',
} as const;

/** The catalog's product ids, stable for every seed, in catalog order. */
export const catalogProductIds = {
  starterMonthly: 'prod_starter_monthly',
  proMonthly: 'prod_pro_monthly',
  proYearly: 'prod_pro_yearly',
  teamQuarterly: 'prod_team_quarterly',
  businessHalfYear: 'prod_business_half_year',
  dayPass: 'prod_day_pass',
  proMonthlyEur: 'prod_pro_monthly_eur',
  ebook: 'prod_ebook',
  lifetime: 'prod_lifetime',
  legacyMonthly: 'prod_legacy_monthly',
} as const;

/** What seeding needs beyond the store. */
export type SeedContext = {
  store: SandboxStore;
  ledger: Ledger;
  /** The seed's own randomness (names, amounts, instants), apart from the store's id stream. */
  random: Random;
  /** Runs `write` with the ledger's clock at `at` (Unix ms), so seeded entries spread in time. */
  atTime: <T>(at: number, write: () => T) => T;
};

const termsCheckbox: CustomField = {
  type: 'checkbox',
  key: 'terms',
  label: 'Terms of sale',
  optional: false,
  checkbox: {
    label: 'I accept the <a href="https://example.com/terms">terms</a>',
    value: null,
  },
};

/** Seeds the store and the ledger. */
export function seedSandbox(context: SeedContext): void {
  const { store, random } = context;
  const now = store.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  /** An instant `days` ago, at a seeded time of that day. */
  const ago = (days: number) => now - days * DAY + random.int(0, 6 * 60) * 60_000;

  // -- catalog --------------------------------------------------------------------------------
  const created = iso(now - 400 * DAY);
  const feature = (
    key: string,
    type: Feature['type'],
    description: string,
    extra: Record<string, unknown> = {},
  ): Feature => ({ id: `feat_${key}`, type, description, ...extra });
  const product = (p: Omit<Product, 'mode' | 'object' | 'created_at' | 'updated_at'>) =>
    store.addProduct({
      mode: 'test',
      object: 'product',
      ...p,
      created_at: created,
      updated_at: created,
    });

  const ids = catalogProductIds;
  const common = { default_success_url: null, custom_fields: null } as const;
  product({
    id: ids.starterMonthly,
    name: 'Starter',
    description: 'For side projects: three projects and community support.',
    price: 900,
    currency: 'USD',
    billing_type: 'recurring',
    billing_period: 'every-month',
    status: 'active',
    tax_mode: 'exclusive',
    tax_category: 'saas',
    features: [
      feature('starter_projects', 'custom', 'Up to 3 projects', {
        private_note: 'Welcome aboard!',
      }),
    ],
    ...common,
  });
  const proFeatures = (credits: string, suffix: string) => [
    feature(`pro_license${suffix}`, 'licenseKey', 'A license key for the desktop app', {
      activation_limit: 3,
    }),
    feature(`pro_credits${suffix}`, 'customerCredits', `${credits} AI credits each period`, {
      customer_credits: { amount: credits, unit_label: 'credits' },
    }),
    feature(`pro_projects${suffix}`, 'custom', 'Unlimited projects'),
  ];
  product({
    id: ids.proMonthly,
    name: 'Pro',
    description: 'Everything in Starter, unlimited projects, the desktop app and AI credits.',
    price: 2900,
    currency: 'USD',
    billing_type: 'recurring',
    billing_period: 'every-month',
    status: 'active',
    tax_mode: 'exclusive',
    tax_category: 'saas',
    features: proFeatures('1000', ''),
    ...common,
  });
  product({
    id: ids.proYearly,
    name: 'Pro (yearly)',
    description: 'Pro, billed once a year: two months free.',
    price: 29000,
    currency: 'USD',
    billing_type: 'recurring',
    billing_period: 'every-year',
    status: 'active',
    tax_mode: 'exclusive',
    tax_category: 'saas',
    features: proFeatures('12000', '_yearly'),
    ...common,
  });
  product({
    id: ids.teamQuarterly,
    name: 'Team',
    description: 'Pro for up to ten seats, billed every three months.',
    price: 7500,
    currency: 'USD',
    billing_type: 'recurring',
    billing_period: 'every-three-months',
    status: 'active',
    tax_mode: 'inclusive',
    tax_category: 'saas',
    features: [
      feature('team_seats', 'custom', 'Up to 10 seats'),
      feature('team_credits', 'customerCredits', '5000 AI credits each period', {
        customer_credits: { amount: '5000', unit_label: 'credits' },
      }),
    ],
    custom_fields: [
      {
        type: 'text',
        key: 'companyName',
        label: 'Company name',
        optional: false,
        text: { max_length: 200, minimum_length: 2, value: null },
      },
    ],
    default_success_url: null,
  });
  product({
    id: ids.businessHalfYear,
    name: 'Business',
    description: 'Team with priority support and an unlimited site license, every six months.',
    price: 14000,
    currency: 'USD',
    billing_type: 'recurring',
    billing_period: 'every-six-months',
    status: 'active',
    tax_mode: 'inclusive',
    tax_category: 'saas',
    features: [
      feature('business_license', 'licenseKey', 'An unlimited site license', {
        activation_limit: null,
      }),
      feature('business_support', 'custom', 'Priority support'),
    ],
    ...common,
  });
  product({
    id: ids.dayPass,
    name: 'Day pass',
    description: 'Full access for one day, renewed daily until cancelled.',
    price: 199,
    currency: 'USD',
    billing_type: 'recurring',
    billing_period: 'every-day',
    status: 'active',
    tax_mode: 'exclusive',
    tax_category: 'digital-goods-service',
    features: [feature('day_access', 'custom', '24 hours of full access')],
    ...common,
  });
  product({
    id: ids.proMonthlyEur,
    name: 'Pro (EUR)',
    description: 'Pro, priced in euros.',
    price: 2700,
    currency: 'EUR',
    billing_type: 'recurring',
    billing_period: 'every-month',
    status: 'active',
    tax_mode: 'inclusive',
    tax_category: 'saas',
    features: proFeatures('1000', '_eur'),
    ...common,
  });
  product({
    id: ids.ebook,
    name: 'The Billing Handbook',
    description: 'An ebook on subscription billing, as PDF and EPUB.',
    price: 1900,
    currency: 'EUR',
    billing_type: 'onetime',
    billing_period: 'once',
    status: 'active',
    tax_mode: 'inclusive',
    tax_category: 'ebooks',
    features: [
      feature('ebook_files', 'file', 'The book as PDF and EPUB', {
        file: {
          files: [
            {
              id: 'file_handbook_pdf',
              file_name: 'billing-handbook.pdf',
              url: 'https://example.com/files/billing-handbook.pdf',
              type: 'application/pdf',
              size: 2_483_017,
            },
            {
              id: 'file_handbook_epub',
              file_name: 'billing-handbook.epub',
              url: 'https://example.com/files/billing-handbook.epub',
              type: 'application/epub+zip',
              size: 1_120_455,
            },
          ],
        },
      }),
    ],
    custom_fields: [
      {
        type: 'text',
        key: 'dedication',
        label: 'Name for the dedication page',
        optional: true,
        text: { max_length: 60, minimum_length: 2, value: null },
      },
      termsCheckbox,
    ],
    default_success_url: 'https://example.com/thanks',
  });
  product({
    id: ids.lifetime,
    name: 'Lifetime license',
    description: 'The desktop app forever, on up to five machines.',
    price: 19900,
    currency: 'USD',
    billing_type: 'onetime',
    billing_period: 'once',
    status: 'active',
    tax_mode: 'exclusive',
    tax_category: 'digital-goods-service',
    features: [
      feature('lifetime_license', 'licenseKey', 'A license key for five machines', {
        activation_limit: 5,
      }),
    ],
    custom_fields: [
      {
        type: 'text',
        key: 'company',
        label: 'Company (for the invoice)',
        optional: true,
        text: { max_length: 120, minimum_length: null, value: null },
      },
      termsCheckbox,
    ],
    default_success_url: null,
  });
  product({
    id: ids.legacyMonthly,
    name: 'Legacy',
    description: 'The old plan, kept for its last subscribers.',
    price: 1500,
    currency: 'USD',
    billing_type: 'recurring',
    billing_period: 'every-month',
    status: 'archived',
    tax_mode: 'exclusive',
    tax_category: 'saas',
    features: [feature('legacy_projects', 'custom', 'Up to 10 projects')],
    ...common,
  });
  const productOf = (id: string) => store.products.get(id) as Product;

  // -- discounts ------------------------------------------------------------------------------
  const usd = [ids.starterMonthly, ids.proMonthly, ids.proYearly, ids.teamQuarterly, ids.lifetime];
  const discount = (d: Omit<Discount, 'id' | 'mode' | 'object'>) =>
    store.addDiscount({ id: store.id('dis'), mode: 'test', object: 'discount', ...d });
  const percent = (n: number) => ({ type: 'percentage' as const, amount: n, percentage: n });
  const fixed = (cents: number, currency: string) => ({
    type: 'fixed' as const,
    amount: cents,
    currency,
  });
  const launch = discount({
    name: 'Launch offer',
    code: 'LAUNCH20',
    status: 'active',
    ...percent(20),
    expiry_date: iso(now + 90 * DAY),
    max_redemptions: 100,
    duration: 'repeating',
    duration_in_months: 3,
    applies_to_products: [ids.starterMonthly, ids.proMonthly, ids.proYearly],
    redeem_count: 12,
  });
  discount({
    name: 'Welcome',
    code: 'WELCOME5',
    status: 'active',
    ...fixed(500, 'USD'),
    expiry_date: null,
    max_redemptions: null,
    duration: 'once',
    applies_to_products: usd,
    redeem_count: 41,
  });
  discount({
    name: 'Friends of the house',
    code: 'FRIENDS10',
    status: 'active',
    ...percent(10),
    expiry_date: null,
    max_redemptions: 50,
    duration: 'forever',
    applies_to_products: [],
    redeem_count: 3,
  });
  const ebookDiscount = discount({
    name: 'Reader discount',
    code: 'READER3',
    status: 'active',
    ...fixed(300, 'EUR'),
    expiry_date: iso(now + 30 * DAY),
    max_redemptions: 500,
    duration: 'once',
    applies_to_products: [ids.ebook],
    redeem_count: 7,
  });
  discount({
    name: 'Press preview',
    code: 'PRESS50',
    status: 'active',
    ...percent(50),
    expiry_date: null,
    max_redemptions: 5,
    duration: 'once',
    applies_to_products: usd,
    redeem_count: 5,
  });
  discount({
    name: 'Black Friday',
    code: 'BLACKFRIDAY',
    status: 'active',
    ...percent(30),
    expiry_date: iso(now - 10 * DAY),
    max_redemptions: null,
    duration: 'once',
    applies_to_products: usd,
    redeem_count: 88,
  });
  discount({
    name: 'Summer sale',
    code: 'SUMMER15',
    status: 'expired',
    ...percent(15),
    expiry_date: iso(now - 120 * DAY),
    max_redemptions: 200,
    duration: 'repeating',
    duration_in_months: 2,
    applies_to_products: usd,
    redeem_count: 64,
  });
  discount({
    name: 'Partner program',
    code: 'PARTNER25',
    status: 'draft',
    ...percent(25),
    expiry_date: null,
    max_redemptions: null,
    duration: 'forever',
    applies_to_products: usd,
    redeem_count: 0,
  });
  discount({
    name: 'Spring sale',
    code: 'SPRING10',
    status: 'scheduled',
    ...fixed(1000, 'USD'),
    expiry_date: iso(now + 60 * DAY),
    max_redemptions: 300,
    duration: 'once',
    applies_to_products: usd,
    redeem_count: 0,
  });
  discount({
    name: 'Beta testers',
    code: 'BETA',
    status: 'deleted',
    ...percent(100),
    expiry_date: null,
    max_redemptions: 20,
    duration: 'repeating',
    duration_in_months: 6,
    applies_to_products: usd,
    redeem_count: 20,
  });

  // -- customers ------------------------------------------------------------------------------
  const customer = (id: string, name: string, email: string, country: string, since: number) =>
    store.addCustomer({
      id,
      mode: 'test',
      object: 'customer',
      email,
      name,
      country,
      metadata: null,
      created_at: iso(since),
      updated_at: iso(since),
    });
  const ada = customer(demoCustomerIds.ada, 'Ada Lovelace', 'ada@example.com', 'GB', ago(320));
  const grace = customer(
    demoCustomerIds.grace,
    'Grace Hopper',
    'grace@example.com',
    'US',
    ago(260),
  );
  const linus = customer(
    demoCustomerIds.linus,
    'Linus Torvalds',
    'linus@example.com',
    'FI',
    ago(420),
  );

  // -- purchases ------------------------------------------------------------------------------
  type Charge = { at: number; status?: Transaction['status']; periodEnd?: number };
  const transaction = (
    who: Customer,
    item: Product,
    charge: Charge & {
      units?: number;
      discounted?: boolean;
      order?: string | null;
      subscription?: string | null;
      type?: 'payment' | 'invoice';
    },
    off?: Discount,
  ): Transaction => {
    const units = charge.units ?? 1;
    const amounts = priceCharge(item, item.price, units, charge.discounted ? off : null);
    const status = charge.status ?? 'paid';
    const collected = ['paid', 'refunded', 'partialRefund', 'chargedBack'].includes(status);
    const refunded =
      status === 'refunded'
        ? amounts.amount_due
        : status === 'partialRefund'
          ? Math.round(amounts.amount_due / 2)
          : null;
    return store.addTransaction(
      {
        id: store.id('tran'),
        mode: 'test',
        object: 'transaction',
        amount: amounts.sub_total,
        amount_paid: collected ? amounts.amount_due : 0,
        discount_amount: amounts.discount_amount,
        currency: item.currency,
        type: charge.type ?? 'payment',
        status,
        tax_country: who.country,
        tax_amount: amounts.tax_amount,
        refunded_amount: refunded,
        order: charge.order ?? null,
        subscription: charge.subscription ?? null,
        customer: who.id,
        description: item.name,
        ...(charge.periodEnd === undefined
          ? {}
          : { period_start: charge.at, period_end: charge.periodEnd }),
        created_at: charge.at,
      },
      item.id,
    );
  };
  const order = (who: Customer, item: Product, tx: Transaction, at: number, off?: Discount) => {
    const paid = tx.status !== 'pending';
    return store.addOrder({
      id: tx.order as string,
      mode: 'test',
      object: 'order',
      customer: who.id,
      product: item.id,
      transaction: tx.id,
      discount: off?.id ?? null,
      amount: tx.amount,
      sub_total: tx.amount,
      tax_amount: tx.tax_amount ?? 0,
      discount_amount: tx.discount_amount ?? 0,
      amount_due:
        tx.amount -
        (tx.discount_amount ?? 0) +
        (item.tax_mode === 'exclusive' ? (tx.tax_amount ?? 0) : 0),
      amount_paid: tx.amount_paid ?? 0,
      currency: tx.currency,
      fx_amount: null,
      fx_currency: null,
      fx_rate: null,
      status: paid ? 'paid' : 'pending',
      type: item.billing_type === 'recurring' ? 'recurring' : 'onetime',
      affiliate: null,
      created_at: iso(at),
      updated_at: iso(at),
    });
  };

  /** A one-time purchase: an order and its transaction. */
  const buy = (
    who: Customer,
    item: Product,
    at: number,
    status: Transaction['status'] = 'paid',
    off?: Discount,
  ) => {
    const orderId = store.id('ord');
    const tx = transaction(
      who,
      item,
      { at, status, order: orderId, discounted: off !== undefined },
      off,
    );
    order(who, item, tx, at, off);
    return tx;
  };

  type SubscribeOptions = {
    status: StoredSubscription['status'];
    startedAt: number;
    units?: number;
    off?: Discount;
    /** When charging stopped (canceled, paused). Default: now. */
    stoppedAt?: number;
    /** How many of the last charges were declined (past_due, unpaid). */
    declined?: number;
    /** Trial days before the first charge (trialing). */
    trialDays?: number;
  };
  /** A subscription with a charge at the start of each period up to now (or `stoppedAt`). */
  const subscribe = (
    who: Customer,
    item: Product,
    options: SubscribeOptions,
  ): StoredSubscription => {
    const { startedAt, status } = options;
    const id = store.id('sub');
    const units = options.units ?? 1;
    const period = item.billing_period;
    const stop = options.stoppedAt ?? now;
    const step = (k: number) => (addBillingPeriod(startedAt, period, k) as Date).getTime();
    let periodStart = startedAt;
    let periodEnd = step(1);
    let lastPaid: Transaction | undefined;
    if (options.trialDays !== undefined) {
      periodEnd = startedAt + options.trialDays * DAY;
    } else {
      const starts: number[] = [];
      for (let k = 0; step(k) <= stop; k++) starts.push(step(k));
      const declined = options.declined ?? 0;
      const months = (at: number) => (at - startedAt) / (30.44 * DAY);
      starts.forEach((at, k) => {
        const off = options.off;
        const discounted =
          off !== undefined &&
          (off.duration === 'forever' ||
            (off.duration === 'once' && k === 0) ||
            (off.duration === 'repeating' && months(at) < (off.duration_in_months ?? 0)));
        const tx = transaction(
          who,
          item,
          {
            at,
            units,
            discounted,
            status: k >= starts.length - declined ? 'declined' : 'paid',
            order: k === 0 ? store.id('ord') : null,
            subscription: id,
            type: k === 0 ? 'payment' : 'invoice',
            periodEnd: step(k + 1),
          },
          off,
        );
        if (k === 0) order(who, item, tx, at, discounted ? off : undefined);
        if (tx.status === 'paid') lastPaid = tx;
        periodStart = at;
        periodEnd = step(k + 1);
      });
    }
    const renews =
      status === 'active' || status === 'trialing' || status === 'past_due' || status === 'unpaid';
    const subscription: StoredSubscription = {
      id,
      mode: 'test',
      object: 'subscription',
      product: item.id,
      customer: who.id,
      items: [
        {
          id: store.id('sitem'),
          mode: 'test',
          object: 'subscription_item',
          product_id: item.id,
          price_id: priceIdOf(item),
          units,
        },
      ],
      collection_method: 'charge_automatically',
      status,
      last_transaction_id: lastPaid?.id ?? null,
      last_transaction_date: lastPaid ? iso(lastPaid.created_at) : null,
      next_transaction_date: renews ? iso(periodEnd) : null,
      current_period_start_date: iso(periodStart),
      current_period_end_date: iso(periodEnd),
      canceled_at: status === 'canceled' ? iso(stop) : null,
      created_at: iso(startedAt),
      updated_at: iso(Math.max(startedAt, Math.min(stop, now))),
      metadata: null,
    };
    if (options.off) subscription.discount = embeddedDiscount(options.off);
    store.addSubscription(subscription);
    return subscription;
  };

  /** A license for a purchase, its status and instances set as given. */
  const license = (
    item: Product,
    at: number,
    status: License['status'],
    instances: { name: string; status: LicenseInstance['status']; daysAgo: number }[],
    options: { limit?: number | null; expiresAt?: number | null } = {},
  ) => {
    const issued = issueLicense(store, item, {
      activationLimit: options.limit ?? null,
      expiresAt: options.expiresAt ? iso(options.expiresAt) : null,
    });
    const record = store.licenses.get(issued.id);
    if (!record) return;
    record.license = {
      ...record.license,
      status,
      created_at: iso(at),
      activation: instances.filter((i) => i.status === 'active').length,
    };
    record.instances = instances.map((i) => ({
      id: store.id('ins'),
      mode: 'test',
      object: 'license-instance',
      name: i.name,
      status: i.status,
      created_at: iso(ago(i.daysAgo)),
    }));
    const latest = record.instances.find((i) => i.status === 'active') ?? record.instances[0];
    record.license.instance = latest ?? null;
  };

  // Ada: Pro with the launch offer, a canceled Starter, the ebook.
  subscribe(ada, productOf(ids.proMonthly), { status: 'active', startedAt: ago(95), off: launch });
  license(
    productOf(ids.proMonthly),
    ago(95),
    'active',
    [
      { name: 'MacBook Pro', status: 'active', daysAgo: 94 },
      { name: 'Old ThinkPad', status: 'deactivated', daysAgo: 60 },
    ],
    { limit: 3 },
  );
  subscribe(ada, productOf(ids.starterMonthly), {
    status: 'canceled',
    startedAt: ago(300),
    stoppedAt: ago(130),
  });
  buy(ada, productOf(ids.ebook), ago(40), 'paid', ebookDiscount);

  // Grace: a Team trial, Pro yearly ending at the period's end, a lifetime license not yet used.
  subscribe(grace, productOf(ids.teamQuarterly), {
    status: 'trialing',
    startedAt: ago(5),
    units: 4,
    trialDays: 14,
  });
  subscribe(grace, productOf(ids.proYearly), { status: 'scheduled_cancel', startedAt: ago(200) });
  license(
    productOf(ids.proYearly),
    ago(200),
    'active',
    [{ name: 'grace-workstation', status: 'active', daysAgo: 199 }],
    { limit: 3, expiresAt: now + 165 * DAY },
  );
  buy(grace, productOf(ids.lifetime), ago(150));
  license(
    productOf(ids.lifetime),
    ago(150),
    'inactive',
    [{ name: 'Build server', status: 'deactivated', daysAgo: 140 }],
    { limit: 5 },
  );

  // Linus: Starter past due, Business paused, Day pass unpaid; a disabled and an expired license.
  subscribe(linus, productOf(ids.starterMonthly), {
    status: 'past_due',
    startedAt: ago(70),
    declined: 1,
  });
  subscribe(linus, productOf(ids.businessHalfYear), {
    status: 'paused',
    startedAt: ago(250),
    stoppedAt: ago(40),
  });
  license(productOf(ids.businessHalfYear), ago(250), 'disabled', [
    { name: 'kernel.example.org', status: 'active', daysAgo: 249 },
  ]);
  subscribe(linus, productOf(ids.dayPass), { status: 'unpaid', startedAt: ago(12), declined: 3 });
  subscribe(linus, productOf(ids.legacyMonthly), {
    status: 'canceled',
    startedAt: ago(400),
    stoppedAt: ago(365),
  });
  license(
    productOf(ids.proYearly),
    ago(400),
    'expired',
    [
      { name: 'laptop', status: 'deactivated', daysAgo: 399 },
      { name: 'desktop', status: 'active', daysAgo: 380 },
    ],
    { limit: 3, expiresAt: now - 35 * DAY },
  );

  // Nine generated customers with a plan each and one-time purchases in every payment status.
  const first = [
    'Alan',
    'Barbara',
    'Dennis',
    'Edsger',
    'Frances',
    'Hedy',
    'Joan',
    'Ken',
    'Margaret',
    'Radia',
    'Tim',
    'Katherine',
  ];
  const last = [
    'Turing',
    'Liskov',
    'Ritchie',
    'Dijkstra',
    'Allen',
    'Lamarr',
    'Clarke',
    'Thompson',
    'Hamilton',
    'Perlman',
    'Berners-Lee',
    'Johnson',
  ];
  const countries = ['US', 'DE', 'FR', 'NL', 'GB', 'SE', 'CA', 'ES', 'IT'];
  const plans = [
    ids.starterMonthly,
    ids.proMonthly,
    ids.proYearly,
    ids.teamQuarterly,
    ids.businessHalfYear,
    ids.proMonthlyEur,
  ];
  const planStatuses: StoredSubscription['status'][] = [
    'active',
    'active',
    'canceled',
    'active',
    'past_due',
    'active',
    'trialing',
    'active',
    'scheduled_cancel',
  ];
  const oneTimeStatuses: Transaction['status'][] = [
    'paid',
    'refunded',
    'partialRefund',
    'chargedBack',
    'pending',
    'void',
    'canceled',
    'uncollectible',
    'paid',
  ];
  const used = new Set<string>();
  for (let i = 0; i < 9; i++) {
    let given = random.pick(first);
    let family = random.pick(last);
    while (used.has(`${given} ${family}`)) {
      given = random.pick(first);
      family = random.pick(last);
    }
    used.add(`${given} ${family}`);
    const handle = `${given}.${family}`.toLowerCase().replace(/[^a-z.]/g, '');
    const email = `${handle}@example.com`;
    const since = ago(random.int(30, 365));
    const who = customer(
      store.id('cust'),
      `${given} ${family}`,
      email,
      random.pick(countries),
      since,
    );
    const status = planStatuses[i] as StoredSubscription['status'];
    const plan = productOf(random.pick(plans));
    const startedAt = status === 'trialing' ? ago(3) : Math.max(since, ago(random.int(20, 200)));
    subscribe(who, plan, {
      status,
      startedAt,
      units: random.int(1, 3),
      ...(status === 'canceled' ? { stoppedAt: Math.min(now, startedAt + 40 * DAY) } : {}),
      ...(status === 'past_due' ? { declined: 1 } : {}),
      ...(status === 'trialing' ? { trialDays: 14 } : {}),
    });
    const item = productOf(random.pick([ids.lifetime, ids.ebook]));
    buy(who, item, Math.max(since, ago(random.int(1, 30))), oneTimeStatuses[i]);
  }

  seedCredits(context, { ada, grace, linus });
  store.sortByTime();
}

/** Credit accounts in every status; Ada's "AI credits" carries more than a thousand entries. */
function seedCredits(
  context: SeedContext,
  people: Record<'ada' | 'grace' | 'linus', Customer>,
): void {
  const { ledger, random, atTime, store } = context;
  const now = store.now();
  const { ada, grace, linus } = people;

  const open = (who: Customer, name: string, unit: string, at: number) =>
    atTime(at, () => ledger.createAccount({ customer_id: who.id, name, unit_label: unit }));

  // Ada: 1,100 transactions over 90 days: monthly grants, top-ups, usage, a few reversals.
  const aiCredits = open(ada, 'AI credits', 'credits', now - 91 * DAY);
  const system = ledger.systemAccount('credits');
  // The balance is tracked here so that it never goes below zero: usage spends what is there,
  // top-ups come when it runs low, reversals undo a usage (a refund) or a grant that is covered.
  let balance = 0;
  const count = 1100;
  const reversible: { id: string; amount: number; side: 'credit' | 'debit' }[] = [];
  for (let i = 0; i < count; i++) {
    const at = now - 90 * DAY + Math.floor((i * 90 * DAY) / count) + random.int(0, 60_000);
    atTime(at, () => {
      if (i % 100 === 0 || balance < 100) {
        const amount = i % 100 === 0 ? 1000 : 500;
        const { transaction } = ledger.credit(aiCredits.id, {
          amount: String(amount),
          reference: i % 100 === 0 ? `grant:${Math.floor(i / 100) + 1}` : `top-up:${i}`,
          idempotency_key: `seed-credit-${i}`,
        });
        balance += amount;
        if (i === 500) reversible.push({ id: transaction.id, amount, side: 'credit' });
        return;
      }
      const undo = reversible[0];
      if (i % 97 === 50 && undo && (undo.side === 'debit' || balance >= undo.amount)) {
        reversible.shift();
        ledger.reverse(aiCredits.id, { transaction_id: undo.id });
        balance += undo.side === 'debit' ? undo.amount : -undo.amount;
        return;
      }
      const used = Math.min(balance, random.int(1, 40));
      if (used === 0) return;
      const { transaction } = ledger.post({
        entries: [
          { account_id: aiCredits.id, side: 'debit', amount: String(used) },
          { account_id: system.id, side: 'credit', amount: String(used) },
        ],
        reference: `usage:${random.pick(['chat', 'summarize', 'translate', 'image'])}`,
        idempotency_key: `seed-usage-${i}`,
      });
      balance -= used;
      if (i % 97 === 13) reversible.push({ id: transaction.id, amount: used, side: 'debit' });
    });
  }

  // Grace: support minutes (active) and promo credits (frozen).
  const minutes = open(grace, 'Support minutes', 'minutes', now - 60 * DAY);
  atTime(now - 60 * DAY, () =>
    ledger.credit(minutes.id, {
      amount: '120',
      reference: 'plan:team',
      idempotency_key: 'seed-minutes-1',
    }),
  );
  atTime(now - 20 * DAY, () =>
    ledger.credit(minutes.id, {
      amount: '30.5',
      reference: 'goodwill',
      idempotency_key: 'seed-minutes-2',
    }),
  );
  const promo = open(grace, 'Promo credits', 'credits', now - 50 * DAY);
  atTime(now - 50 * DAY, () =>
    ledger.credit(promo.id, {
      amount: '250',
      reference: 'promo:spring',
      idempotency_key: 'seed-promo-1',
    }),
  );
  atTime(now - 10 * DAY, () => ledger.setStatus(promo.id, 'frozen'));

  // Linus: a closed account with its history kept.
  const legacy = open(linus, 'Legacy credits', 'credits', now - 40 * DAY);
  atTime(now - 40 * DAY, () =>
    ledger.credit(legacy.id, {
      amount: '75',
      reference: 'migration',
      idempotency_key: 'seed-legacy-1',
    }),
  );
  atTime(now - 20 * DAY, () => ledger.setStatus(legacy.id, 'closed'));
  // ...and one opened for referrals that nothing has been credited to yet.
  open(linus, 'Referral credits', 'credits', now - 5 * DAY);
}
