// A small seeded PRNG, so that the same seed gives the same ids, keys and data everywhere
// (Node and the browser alike). Never Math.random: a sandbox run must be replayable.

/** A seed: any number or string. Strings are hashed, so `'demo'` is as good as `42`. */
export type Seed = number | string;

/** A deterministic source of randomness. */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** `length` characters from `alphabet`. */
  chars(length: number, alphabet?: string): string;
  /** A child stream derived from this seed and a label: independent of how much this one drew. */
  fork(label: string): Random;
};

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 32-bit FNV-1a hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Creates a PRNG (sfc32, seeded through FNV-1a) from a seed. */
export function createRandom(seed: Seed): Random {
  const key = `${typeof seed}:${String(seed)}`;
  let a = hash(`a${key}`);
  let b = hash(`b${key}`);
  let c = hash(`c${key}`);
  let d = hash(`d${key}`) | 1;
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up: the first outputs of sfc32 correlate with the seed words.
  for (let i = 0; i < 12; i++) next();
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chars: (length, alphabet = BASE62) => {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
    fork: (label) => createRandom(`${key}/${label}`),
  };
  return random;
}
