/** Bits that differ between two 64-bit simhashes written as 16 hex digits; null if either is malformed. */
export function hammingDistance(a: string, b: string): number | null {
  if (!/^[0-9a-f]{16}$/i.test(a) || !/^[0-9a-f]{16}$/i.test(b)) return null;
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (x > 0n) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}

/** Similarity of two simhashes as a share of equal bits, 0–1. */
export function simhashSimilarity(a: string, b: string): number | null {
  const distance = hammingDistance(a, b);
  return distance === null ? null : 1 - distance / 64;
}
