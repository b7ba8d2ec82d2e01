import { describe, expect, test } from 'vitest';
import {
  billingPeriods,
  creditsAccountStatuses,
  licenseStatuses,
  statsIntervals,
  subscriptionStatuses,
  transactionStatuses,
  updateBehaviors,
} from '../../contract/index.js';
import { de, en, format, getMessages, type MessageKey, placeholders } from './index.js';

describe('catalogues', () => {
  test('German has exactly the English keys', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  test('every German message keeps every placeholder of its English message', () => {
    const mismatches = Object.entries(en).flatMap(([key, english]) => {
      const german = de[key as MessageKey];
      const want = placeholders(english).sort();
      const got = placeholders(german).sort();
      return JSON.stringify(want) === JSON.stringify(got) ? [] : [{ key, want, got }];
    });
    expect(mismatches).toEqual([]);
  });

  test('no message is empty', () => {
    for (const catalogue of [en, de]) {
      expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '')).toEqual([]);
    }
  });

  // Components look a state up as `${prefix}.${value}`; each known value of the service's
  // enums needs its message, and an open enum its `.unknown` fallback where the component says
  // one (a subscription's or a license's unknown status shows as the service sent it).
  test.each([
    ['subscriptionStatus', subscriptionStatuses, false],
    ['billingHistory.status', transactionStatuses, true],
    ['licenseCard.status', licenseStatuses, false],
    ['creditsHistory.accountStatus', creditsAccountStatuses, true],
    ['upgradePicker.behavior', updateBehaviors, false],
    ['pricingTable.per', billingPeriods, false],
    ['pricingTable.switch', billingPeriods, false],
    ['metricsSummary.interval', statsIntervals, false],
  ] as const)('%s has a message for each value', (prefix, values, withUnknown) => {
    const keys = [...values, ...(withUnknown ? ['unknown'] : [])].map((v) => `${prefix}.${v}`);
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  test('upgradePicker explains every status but active', () => {
    const keys = [...subscriptionStatuses.filter((s) => s !== 'active'), 'unknown'].map(
      (status) => `upgradePicker.disabled.${status}`,
    );
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });
});

describe('getMessages', () => {
  test('German for de and every de-* locale, English otherwise', () => {
    expect(getMessages('de')['pricingTable.subscribe']).toBe('Abonnieren');
    expect(getMessages('de-AT')['pricingTable.subscribe']).toBe('Abonnieren');
    expect(getMessages('DE-ch')['pricingTable.subscribe']).toBe('Abonnieren');
    expect(getMessages('en-GB')['pricingTable.subscribe']).toBe('Subscribe');
    expect(getMessages('fr-FR')['pricingTable.subscribe']).toBe('Subscribe');
    expect(getMessages()['pricingTable.subscribe']).toBe('Subscribe');
  });

  test('overrides replace single messages and leave the rest', () => {
    const messages = getMessages('de-DE', {
      'pricingTable.subscribe': 'Jetzt starten',
      'pricingTable.buyNow': undefined,
    });
    expect(messages['pricingTable.subscribe']).toBe('Jetzt starten');
    expect(messages['pricingTable.buyNow']).toBe('Jetzt kaufen');
    expect(de['pricingTable.subscribe']).toBe('Abonnieren');
  });
});

describe('format', () => {
  test('fills placeholders', () => {
    expect(format('Save {percent}%', { percent: 20 })).toBe('Save 20%');
    expect(format('Activations: {used}/{limit}', { used: 2, limit: 5 })).toBe('Activations: 2/5');
    expect(format('Code {code} applied', { code: 'SPRING' })).toBe('Code SPRING applied');
  });

  test('formats numbers for the locale when one is given', () => {
    expect(format('{n} items', { n: 12345.5 }, 'en-US')).toBe('12,345.5 items');
    expect(format('{n} Stück', { n: 12345.5 }, 'de-DE')).toBe('12.345,5 Stück');
    expect(format('{n}', { n: 12345 })).toBe('12345');
  });

  test('keeps a placeholder with no value visible and ignores inherited names', () => {
    expect(format('{a} and {b}', { a: 'x' })).toBe('x and {b}');
    expect(format('{toString}', {})).toBe('{toString}');
    expect(format('no placeholders')).toBe('no placeholders');
  });

  test('inserts values literally, even ones that look like placeholders or patterns', () => {
    expect(format('{a}{b}', { a: '{b}', b: '$&' })).toBe('{b}$&');
  });
});
