import { describe, expect, it } from 'vitest';
import { internationalNumber, whatsappLink } from './whatsapp';

describe('WhatsApp links', () => {
  it('write an Egyptian mobile number with its country code, however it was typed', () => {
    expect(internationalNumber('01012345678')).toBe('201012345678');
    expect(internationalNumber('+201012345678')).toBe('201012345678');
    expect(internationalNumber('00201012345678')).toBe('201012345678');
    expect(internationalNumber('010 1234 5678')).toBe('201012345678');
  });

  it('carry the message, encoded', () => {
    expect(whatsappLink('01012345678', 'Order N-10001 & more?')).toBe(
      'https://wa.me/201012345678?text=Order%20N-10001%20%26%20more%3F',
    );
  });
});
