// Realistic bodies of the service's resources, as its wire carries them: for tests that answer
// with a canned service response (the service's side of the wire, not our code).

export const at = '2026-01-01T00:00:00.000Z';
export const product = {
  id: 'prod_1',
  mode: 'test',
  object: 'product',
  name: 'Pro',
  description: 'Everything in Basic, and more',
  price: 1900,
  currency: 'USD',
  billing_type: 'recurring',
  billing_period: 'every-month',
  status: 'active',
  tax_mode: 'exclusive',
  tax_category: 'saas',
  created_at: at,
  updated_at: at,
};
export const customer = {
  id: 'cust_1',
  mode: 'test',
  object: 'customer',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  country: 'GB',
  created_at: at,
  updated_at: at,
};
export const subscription = {
  id: 'sub_1',
  mode: 'test',
  object: 'subscription',
  product: 'prod_1',
  customer: 'cust_1',
  collection_method: 'charge_automatically',
  status: 'active',
  current_period_start_date: at,
  current_period_end_date: '2026-02-01T00:00:00.000Z',
  canceled_at: null,
  created_at: at,
  updated_at: at,
};
export const transaction = {
  id: 'tran_1',
  mode: 'test',
  object: 'transaction',
  amount: 1900,
  currency: 'USD',
  type: 'payment',
  status: 'paid',
  customer: 'cust_1',
  created_at: 1767225600000,
};
export const discount = {
  id: 'dis_1',
  mode: 'test',
  object: 'discount',
  status: 'active',
  name: 'Launch',
  code: 'LAUNCH',
  type: 'percentage',
  percentage: 20,
  duration: 'once',
};
export const license = {
  id: 'lic_1',
  mode: 'test',
  object: 'license',
  product_id: 'prod_1',
  status: 'active',
  key: 'ABC-123',
  activation: 1,
  activation_limit: 3,
  expires_at: null,
  created_at: at,
  instance: {
    id: 'ins_1',
    mode: 'test',
    object: 'license-instance',
    name: 'laptop',
    status: 'active',
    created_at: at,
  },
};
export const checkout = {
  id: 'ch_1',
  mode: 'test',
  object: 'checkout',
  status: 'pending',
  product: 'prod_1',
  request_id: 'req_12345678',
  units: 2,
  checkout_url: 'https://checkout.creem.io/ch_1',
  success_url: 'https://shop.example/thanks',
};
export const account = {
  id: 'ca_1',
  store_id: 'sto_1',
  customer_id: 'cust_1',
  name: 'API calls',
  unit_label: 'calls',
  status: 'active',
  created_at: at,
  updated_at: at,
};
export const entry = {
  id: 'ce_1',
  transaction_id: 'ct_1',
  account_id: 'ca_1',
  side: 'credit',
  amount: '100000000000000000000.5',
  created_at: at,
};
export const creditsTransaction = {
  id: 'ct_1',
  store_id: 'sto_1',
  reference: 'order_1',
  idempotency_key: 'idem_1',
  entries: [entry, { ...entry, id: 'ce_2', account_id: 'ca_sys', side: 'debit' }],
  created_at: at,
};
export const pagination = {
  total_records: 1,
  total_pages: 1,
  current_page: 1,
  next_page: null,
  prev_page: null,
};
export const stats = {
  totals: {
    totalProducts: 3,
    totalSubscriptions: 10,
    totalCustomers: 8,
    totalPayments: 12,
    activeSubscriptions: 7,
    totalRevenue: 50000,
    totalNetRevenue: 42000,
    netMonthlyRecurringRevenue: 9000,
    monthlyRecurringRevenue: 10000,
  },
  periods: [{ timestamp: 1767225600000, grossRevenue: 50000, netRevenue: 42000 }],
};
