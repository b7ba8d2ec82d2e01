import { describe, expect, test } from 'vitest';
import { fieldIssues } from './issues.js';
import { createCheckoutBody, creditAccountBody, statsSummaryQuery } from './requests.js';
import {
  checkoutSchema,
  creditsErrorSchema,
  creditsTransactionSchema,
  customerSchema,
  discountSchema,
  licenseSchema,
  pageListSchema,
  productSchema,
  serviceErrorSchema,
  statsSummarySchema,
  subscriptionSchema,
  transactionSchema,
} from './schemas.js';

const product = {
  id: 'prod_6tW66i0oZM7w1qXReHJrwg',
  mode: 'test',
  object: 'product',
  name: 'Pro',
  description: 'Everything in Basic, and more',
  image_url: 'https://example.com/pro.png',
  features: [{ id: 'feat_1', type: 'licenseKey', description: 'A license key' }],
  price: 1900,
  currency: 'USD',
  billing_type: 'recurring',
  billing_period: 'every-month',
  status: 'active',
  tax_mode: 'exclusive',
  tax_category: 'saas',
  product_url: 'https://creem.io/product/prod_6tW66i0oZM7w1qXReHJrwg',
  default_success_url: null,
  custom_fields: [
    {
      type: 'text',
      key: 'companyName',
      label: 'Company name',
      optional: false,
      text: { max_length: 200, minimum_length: 1 },
    },
  ],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const customer = {
  id: 'cust_1',
  mode: 'test',
  object: 'customer',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  country: 'GB',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const transaction = {
  id: 'tran_1',
  mode: 'test',
  object: 'transaction',
  amount: 1900,
  amount_paid: 2280,
  discount_amount: 0,
  currency: 'USD',
  type: 'payment',
  tax_country: 'GB',
  tax_amount: 380,
  status: 'paid',
  refunded_amount: null,
  order: 'ord_1',
  subscription: 'sub_1',
  customer: 'cust_1',
  description: 'Subscription payment',
  period_start: 1767225600000,
  period_end: 1769904000000,
  created_at: 1767225600000,
};

const subscription = {
  id: 'sub_1',
  mode: 'test',
  object: 'subscription',
  product,
  customer,
  items: [
    { id: 'sitem_1', mode: 'test', object: 'subscription_item', product_id: product.id, units: 1 },
  ],
  collection_method: 'charge_automatically',
  status: 'active',
  last_transaction_id: 'tran_1',
  last_transaction: transaction,
  last_transaction_date: '2026-01-01T00:00:00.000Z',
  next_transaction_date: '2026-02-01T00:00:00.000Z',
  current_period_start_date: '2026-01-01T00:00:00.000Z',
  current_period_end_date: '2026-02-01T00:00:00.000Z',
  canceled_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  discount: {
    id: 'dis_1',
    discountCode: 'LAUNCH',
    name: 'Launch',
    type: 'percentage',
    amount: 20,
    duration: 'repeating',
    durationInMonths: 3,
  },
  metadata: { plan: 'pro', seats: 3 },
};

function without<T extends object>(value: T, key: keyof T) {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

describe('resources', () => {
  test('a realistic subscription parses, with product and customer embedded or as ids', () => {
    expect(subscriptionSchema.parse(subscription).status).toBe('active');
    const byId = subscriptionSchema.parse({
      ...subscription,
      product: product.id,
      customer: 'cust_1',
    });
    expect(byId.product).toBe(product.id);
    expect(byId.customer).toBe('cust_1');
  });

  test('unknown fields pass through and unknown enum values are kept', () => {
    const parsed = subscriptionSchema.parse({ ...subscription, status: 'expired', brand_new: 42 });
    expect(parsed.status).toBe('expired');
    expect((parsed as Record<string, unknown>).brand_new).toBe(42);
    expect(transactionSchema.parse({ ...transaction, status: 'disputed' }).status).toBe('disputed');
    expect(
      productSchema.parse({ ...product, billing_period: 'every-two-weeks' }).billing_period,
    ).toBe('every-two-weeks');
  });

  test('a missing required field fails and is named', () => {
    const result = subscriptionSchema.safeParse(without(subscription, 'status'));
    expect(result.success).toBe(false);
    expect(fieldIssues(result.error!)).toEqual([{ field: 'status', message: 'is required' }]);

    const list = pageListSchema(subscriptionSchema).safeParse({
      items: [subscription, without(subscription, 'created_at')],
      pagination: {
        total_records: 2,
        total_pages: 1,
        current_page: 1,
        next_page: null,
        prev_page: null,
      },
    });
    expect(fieldIssues(list.error!).map((i) => i.field)).toEqual(['items.1.created_at']);
  });

  test('metadata takes any JSON value, nested ones too', () => {
    const metadata = {
      plan: 'pro',
      seats: 3,
      trial: false,
      note: null,
      tags: ['a'],
      crm: { id: 7 },
    };
    expect(customerSchema.parse({ ...customer, metadata }).metadata).toEqual(metadata);
  });

  test('nullable fields take null exactly where the document allows it', () => {
    expect(
      customerSchema.parse({ ...customer, name: null, metadata: null, country: null }).name,
    ).toBeNull();
    // `country` is a required key, even when its value is null.
    expect(customerSchema.safeParse(without(customer, 'country')).success).toBe(false);
    // A product's name is required and not nullable.
    expect(productSchema.safeParse({ ...product, name: null }).success).toBe(false);
    expect(
      licenseSchema.parse({
        id: 'lic_1',
        mode: 'test',
        object: 'license',
        product_id: product.id,
        status: 'active',
        key: 'ABC-123',
        activation: 1,
        activation_limit: null,
        expires_at: null,
        created_at: '2026-01-01T00:00:00.000Z',
        instance: {
          id: 'ins_1',
          mode: 'test',
          object: 'license-instance',
          name: 'laptop',
          status: 'active',
          created_at: '2026-01-01T00:00:00.000Z',
        },
      }).activation_limit,
    ).toBeNull();
  });

  test('a transaction keeps its Unix-millisecond timestamps as numbers', () => {
    const parsed = transactionSchema.parse(transaction);
    expect(parsed.created_at).toBe(1767225600000);
    expect(transactionSchema.safeParse({ ...transaction, created_at: '2026-01-01' }).success).toBe(
      false,
    );
  });

  test('a checkout with its order, license keys and credit feature parses', () => {
    const checkout = checkoutSchema.parse({
      id: 'ch_1',
      mode: 'test',
      object: 'checkout',
      status: 'completed',
      product: product.id,
      request_id: 'req-1',
      units: 1,
      order: {
        id: 'ord_1',
        mode: 'test',
        object: 'order',
        product: product.id,
        amount: 1900,
        currency: 'USD',
        status: 'paid',
        type: 'recurring',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
      custom_fields: [
        {
          type: 'checkbox',
          key: 'terms',
          label: 'Terms',
          checkbox: { label: 'I agree', value: true },
        },
      ],
      checkout_url: 'https://checkout.example/ch_1',
      feature: [
        { type: 'customerCredits', customer_credits: { amount: '1000', unit_label: 'tokens' } },
      ],
      metadata: { source: 'storefront' },
    });
    expect(checkout.feature?.[0]?.customer_credits?.amount).toBe('1000');
  });

  test('a discount, credits transaction and stats summary parse', () => {
    expect(
      discountSchema.parse({
        id: 'dis_1',
        mode: 'test',
        object: 'discount',
        status: 'active',
        name: 'Launch',
        code: 'LAUNCH',
        type: 'percentage',
        percentage: 20,
        duration: 'forever',
        applies_to_products: [product.id],
        redeem_count: 3,
      }).code,
    ).toBe('LAUNCH');
    const tx = creditsTransactionSchema.parse({
      id: 'ctx_1',
      store_id: 'sto_1',
      reference: 'order-1',
      idempotency_key: 'k1',
      created_at: '2026-01-01T00:00:00.000Z',
      entries: [
        {
          id: 'ent_1',
          transaction_id: 'ctx_1',
          account_id: 'acc_1',
          side: 'credit',
          amount: '99999999999999999999.5',
          created_at: '2026-01-01T00:00:00.000Z',
        },
        {
          id: 'ent_2',
          transaction_id: 'ctx_1',
          account_id: 'sys_1',
          side: 'debit',
          amount: '99999999999999999999.5',
          created_at: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    // Credit amounts stay strings, exact beyond 2^53.
    expect(tx.entries[0]?.amount).toBe('99999999999999999999.5');
    const stats = statsSummarySchema.parse({
      totals: {
        totalProducts: 3,
        totalSubscriptions: 4,
        totalCustomers: 3,
        totalPayments: 9,
        activeSubscriptions: 2,
        totalRevenue: 10000,
        totalNetRevenue: 9000,
        netMonthlyRecurringRevenue: 3000,
        monthlyRecurringRevenue: 3500,
      },
    });
    expect(stats.periods).toBeUndefined();
  });
});

describe('error bodies', () => {
  test('the general body, with messages or without them (403)', () => {
    expect(
      serviceErrorSchema.parse({
        trace_id: 't-1',
        status: 400,
        error: 'Bad Request',
        message: ['product_id should not be empty'],
        timestamp: 1767225600000,
      }).message,
    ).toEqual(['product_id should not be empty']);
    expect(
      serviceErrorSchema.parse({ trace_id: 't-2', status: 403, error: 'Forbidden', timestamp: 1 })
        .message,
    ).toBeUndefined();
  });

  test('the credits body', () => {
    const body = creditsErrorSchema.parse({
      error: {
        type: 'invalid_request_error',
        code: 'unbalanced_transaction',
        message: 'Total debits must equal total credits',
        param: 'entries',
        request_id: 'req_1',
      },
    });
    expect(body.error.code).toBe('unbalanced_transaction');
  });
});

describe('requests are checked strictly', () => {
  test('custom fields: at most 3, alphanumeric keys of at most 200, labels of at most 200', () => {
    const field = { type: 'text', key: 'company', label: 'Company' } as const;
    expect(createCheckoutBody.safeParse({ product_id: 'p', custom_fields: [field] }).success).toBe(
      true,
    );
    const tooMany = createCheckoutBody.safeParse({
      product_id: 'p',
      custom_fields: [field, field, field, field],
    });
    expect(fieldIssues(tooMany.error!)).toEqual([
      { field: 'custom_fields', message: 'must have at most 3 items' },
    ]);
    const bad = createCheckoutBody.safeParse({
      product_id: 'p',
      custom_field: [
        { ...field, key: 'has space' },
        { ...field, key: 'k'.repeat(201) },
        { ...field, label: 'l'.repeat(201) },
      ],
    });
    expect(fieldIssues(bad.error!)).toEqual([
      { field: 'custom_field.0.key', message: 'must be letters and digits only' },
      { field: 'custom_field.1.key', message: 'must be at most 200 characters' },
      { field: 'custom_field.2.label', message: 'must be at most 200 characters' },
    ]);
  });

  test('credit amounts must be positive decimal strings', () => {
    const ok = { reference: 'r', idempotency_key: 'k' };
    expect(
      creditAccountBody.safeParse({ ...ok, amount: '123456789012345678901234567890.25' }).success,
    ).toBe(true);
    for (const amount of ['0', '0.00', '-1', '1e3', ' 1', '']) {
      expect(creditAccountBody.safeParse({ ...ok, amount }).success, amount).toBe(false);
    }
    expect(creditAccountBody.safeParse({ ...ok, amount: 5 }).success).toBe(false);
  });

  test('stats: an interval needs both dates', () => {
    const missing = statsSummaryQuery.safeParse({
      currency: 'USD',
      interval: 'day',
      startDate: '1',
    });
    expect(fieldIssues(missing.error!)).toEqual([
      { field: 'interval', message: 'needs both startDate and endDate' },
    ]);
    expect(
      statsSummaryQuery.parse({
        currency: 'EUR',
        interval: 'week',
        startDate: '1000',
        endDate: '2000',
      }),
    ).toEqual({ currency: 'EUR', interval: 'week', startDate: 1000, endDate: 2000 });
  });

  test('stats: dates are whole Unix milliseconds, as numbers or digits; empty is not 0', () => {
    expect(statsSummaryQuery.parse({ currency: 'USD', startDate: 0, endDate: '86400000' })).toEqual(
      { currency: 'USD', startDate: 0, endDate: 86_400_000 },
    );
    const empty = statsSummaryQuery.safeParse({ currency: 'USD', startDate: '', endDate: ' ' });
    expect(fieldIssues(empty.error!).map((i) => i.field)).toEqual(['startDate', 'endDate']);
    for (const bad of ['abc', '1.5', '1e3', '0x10', 1.5, true, null]) {
      expect(
        statsSummaryQuery.safeParse({ currency: 'USD', startDate: bad }).success,
        String(bad),
      ).toBe(false);
    }
  });
});
