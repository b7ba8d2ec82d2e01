// SHA-256 of a UTF-8 string as hex, synchronously: the hosted page signs its redirect while it
// answers, and the sandbox runs in browsers too, where Web Crypto is only asynchronous.
// (FIPS 180-4.) Not for secrets: the sandbox's key is a test key.

const K = Uint32Array.from(
  Array.from({ length: 64 }, (_, i) => {
    // The first 32 bits of the fractional part of the cube root of the i-th prime.
    let n = 2;
    for (let found = -1; ; n++) {
      let prime = true;
      for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
      if (prime && ++found === i) break;
    }
    return Math.floor((Math.cbrt(n) % 1) * 2 ** 32);
  }),
);

const rotate = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** The SHA-256 digest of `text` (as UTF-8), in lowercase hex. */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const message = new Uint8Array(length);
  message.set(bytes);
  message[bytes.length] = 0x80;
  const view = new DataView(message.buffer);
  view.setUint32(length - 8, Math.floor((bytes.length * 8) / 2 ** 32));
  view.setUint32(length - 4, (bytes.length * 8) >>> 0);

  const hash = Uint32Array.of(
    0x6a09e667,
    0xbb67ae85,
    0x3c6ef372,
    0xa54ff53a,
    0x510e527f,
    0x9b05688c,
    0x1f83d9ab,
    0x5be0cd19,
  );
  const w = new Uint32Array(64);
  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = rotate(a, 7) ^ rotate(a, 18) ^ (a >>> 3);
      const s1 = rotate(b, 17) ^ rotate(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = hash as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const s1 = rotate(e as number, 6) ^ rotate(e as number, 11) ^ rotate(e as number, 25);
      const choose = ((e as number) & (f as number)) ^ (~(e as number) & (g as number));
      const t1 = ((h as number) + s1 + choose + (K[i] as number) + (w[i] as number)) >>> 0;
      const s0 = rotate(a as number, 2) ^ rotate(a as number, 13) ^ rotate(a as number, 22);
      const majority =
        ((a as number) & (b as number)) ^
        ((a as number) & (c as number)) ^
        ((b as number) & (c as number));
      const t2 = (s0 + majority) >>> 0;
      [h, g, f, e, d, c, b, a] = [g, f, e, ((d as number) + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    const next = [a, b, c, d, e, f, g, h] as number[];
    for (let i = 0; i < 8; i++) hash[i] = ((hash[i] as number) + (next[i] as number)) >>> 0;
  }
  return Array.from(hash, (word) => word.toString(16).padStart(8, '0')).join('');
}
