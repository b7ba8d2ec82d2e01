// A checkout's custom field definitions are strict down to their `text` and `checkbox` parts:
// a misspelt key is a 400 naming its path, never a definition the service gets without it (a
// field meant optional turned required, a length limit gone), and nothing reaches the service.
import { afterAll, describe, expect, it } from 'vitest';
import { errorsWithKey, keyLeaks, proxyHarness } from '../../test/support/proxy-harness.js';
import { proxyErrorSchema } from '../contract/proxy.js';

const ADA = 'cust_ada';
const UNKNOWN = 'is not a known field; remove it, or check its spelling';

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

function checkoutPosts(upstream: { method: string; url: string; body: string | undefined }[]) {
  return upstream.filter((u) => u.method === 'POST' && u.url.includes('/v1/checkouts'));
}

describe('POST /checkouts custom_fields', () => {
  const cases: [string, unknown[], string[]][] = [
    [
      'a misspelt key of a checkbox definition and of its checkbox part',
      [
        {
          type: 'checkbox',
          key: 'terms',
          label: 'Terms',
          optinal: true,
          checkbox: { label: 'I agree', requried: true },
        },
      ],
      ['custom_fields.0.optinal', 'custom_fields.0.checkbox.requried'],
    ],
    [
      'a misspelt key of a text part',
      [{ type: 'text', key: 'code', label: 'Code', text: { max_lenght: 3 } }],
      ['custom_fields.0.text.max_lenght'],
    ],
    [
      'a response-form key on the second definition',
      [
        { type: 'text', key: 'company', label: 'Company' },
        { type: 'text', key: 'vat', label: 'VAT', text: { minimum_length: 2 }, value: 'x' },
      ],
      ['custom_fields.1.value', 'custom_fields.1.text.minimum_length'],
    ],
  ];

  for (const [what, custom_fields, named] of cases) {
    it(`answers 400 naming ${what}, and asks the service nothing`, async () => {
      const h = proxyHarness();
      const before = h.sandbox.inspect().checkouts.length;
      const answer = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_pro_monthly', custom_fields },
      });
      expect(answer.status).toBe(400);
      const error = proxyErrorSchema.parse(answer.json);
      expect(error.kind).toBe('invalid_request');
      expect(error.fields?.map((f) => f.field).sort()).toEqual([...named].sort());
      for (const field of error.fields ?? []) expect(field.message).toBe(UNKNOWN);
      expect(error.message.sort()).toEqual(named.map((field) => `${field} ${UNKNOWN}`).sort());
      expect(checkoutPosts(h.upstream)).toEqual([]);
      expect(h.sandbox.inspect().checkouts).toHaveLength(before);
    });
  }

  it('sends the definitions once spelt right, as the browser wrote them', async () => {
    const h = proxyHarness();
    const misspelt = await h.call('POST', '/checkouts', {
      as: ADA,
      body: {
        product_id: 'prod_pro_monthly',
        custom_fields: [{ type: 'checkbox', key: 'terms', label: 'Terms', optinal: true }],
      },
    });
    expect(misspelt.status).toBe(400);
    const custom_fields = [
      {
        type: 'checkbox',
        key: 'terms',
        label: 'Terms',
        optional: true,
        checkbox: { label: 'I agree' },
      },
      { type: 'text', key: 'code', label: 'Code', text: { max_length: 3, min_length: 1 } },
    ];
    const answer = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly', custom_fields },
    });
    expect(answer.status).toBe(200);
    const sent = checkoutPosts(h.upstream).map((u) => JSON.parse(u.body ?? '{}').custom_fields);
    expect(sent).toEqual([custom_fields]);
    const stored = h.sandbox.inspect().checkouts.find((c) => c.id === answer.body.id);
    expect(stored?.custom_fields?.map((f) => [f.key, f.optional])).toEqual([
      ['terms', true],
      ['code', false],
    ]);
  });
});
