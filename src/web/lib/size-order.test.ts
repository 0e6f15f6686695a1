import { describe, expect, it } from 'vitest';
import { inSizeOrder } from './size-order';

const order = (values: string[]) => inSizeOrder(values.map((value) => ({ value }))).map(({ value }) => value);

describe('inSizeOrder', () => {
  it('puts letter sizes in wearing order', () => {
    expect(order(['XL', 'S', 'L', 'M', 'XS'])).toEqual(['XS', 'S', 'M', 'L', 'XL']);
  });

  it("puts children's ages in months and years in age order, after letters and before numbers", () => {
    expect(order(['2Y', '36', '0-3M', 'M', '6-9M', '18M'])).toEqual(['M', '0-3M', '6-9M', '18M', '2Y', '36']);
  });

  it('keeps sizes it does not know at the end, in their own order', () => {
    expect(order(['One size', 'L', 'Petite'])).toEqual(['L', 'One size', 'Petite']);
  });
});
