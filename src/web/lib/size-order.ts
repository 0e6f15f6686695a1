/** Letter sizes from smallest to largest, as shops write them. */
const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', 'XXXL', '3XL', '4XL', '5XL'];
/** Months or years in a child's size ('0-3M', '18M', '2Y', '4-5Y'), counted in months. */
const AGE = /^(\d+)(?:-(\d+))?\s*(M|Y)$/i;

/** Where a size sorts: letter sizes by their place, ages by their first month, numbers by value, anything else last. */
function rankOf(size: string): number {
  const value = size.trim().toUpperCase();
  const letter = LETTER_SIZES.indexOf(value);
  if (letter >= 0) return letter;
  const age = AGE.exec(value);
  if (age) return 100 + Number(age[1]) * (age[3]!.toUpperCase() === 'Y' ? 12 : 1);
  const number = Number(value);
  return Number.isFinite(number) ? 1000 + number : Number.MAX_SAFE_INTEGER;
}

/**
 * Sizes in wearing order (S, M, L, XL; 0-3M, 6M, 2Y) rather than the answer's most-common-first, so a
 * shopper finds theirs where they expect it; sizes of the same rank keep their order.
 */
export function inSizeOrder<T extends { value: string }>(sizes: readonly T[]): T[] {
  return [...sizes].sort((a, b) => rankOf(a.value) - rankOf(b.value));
}
