import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './store.js';

describe('createMemoryStore', () => {
  it('gets what was set, and nothing after it expired', async () => {
    let now = 1000;
    const store = createMemoryStore({ now: () => now });
    await store.set('a', 'one', 50);
    await store.set('b', 'two');
    expect(await store.get('a')).toBe('one');
    now += 50;
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBe('two');
    await store.delete('b');
    expect(await store.get('b')).toBeNull();
  });

  it('adds only when absent or expired', async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    expect(await store.add('k', 'first', 100)).toBe(true);
    expect(await store.add('k', 'second', 100)).toBe(false);
    expect(await store.get('k')).toBe('first');
    now = 100;
    expect(await store.add('k', 'third', 100)).toBe(true);
    expect(await store.get('k')).toBe('third');
  });

  it('counts in a fixed window that later increments do not extend', async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    expect(await store.increment('r', 60)).toBe(1);
    now = 30;
    expect(await store.increment('r', 60)).toBe(2);
    now = 59;
    expect(await store.increment('r', 60)).toBe(3);
    // A counter reads as its decimal count, without counting (the rate limit's released count).
    expect(await store.get('r')).toBe('3');
    expect(await store.get('r')).toBe('3');
    now = 60;
    expect(await store.get('r')).toBeNull();
    expect(await store.increment('r', 60)).toBe(1);
  });

  it('stays within maxEntries, dropping expired then oldest keys', async () => {
    let now = 0;
    const store = createMemoryStore({ maxEntries: 10, now: () => now });
    await store.set('short', 'x', 5);
    for (let i = 0; i < 9; i++) await store.set(`k${i}`, String(i));
    now = 10;
    await store.set('k9', '9');
    expect(await store.get('k0')).toBe('0');
    for (let i = 10; i < 30; i++) await store.set(`k${i}`, String(i));
    let kept = 0;
    for (let i = 0; i < 30; i++) if ((await store.get(`k${i}`)) !== null) kept++;
    expect(kept).toBeLessThanOrEqual(10);
    expect(await store.get('k29')).toBe('29');
  });
});
