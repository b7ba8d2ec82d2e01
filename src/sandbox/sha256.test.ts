import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { sha256Hex } from './sha256.js';

describe('sha256Hex', () => {
  test('the FIPS 180-4 examples', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  test('agrees with node:crypto across block boundaries and non-ASCII text', () => {
    for (const text of [
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'ü€😀'.repeat(40),
      'x'.repeat(1000),
    ]) {
      expect(sha256Hex(text), `${text.length} characters`).toBe(
        createHash('sha256').update(text, 'utf8').digest('hex'),
      );
    }
  });
});
