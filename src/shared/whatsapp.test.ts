import { describe, expect, it } from 'vitest';
import { whatsappDigits, whatsappLink } from './whatsapp';

describe('whatsappDigits', () => {
  it('turns an Egyptian mobile number into the international digits', () => {
    expect(whatsappDigits('01012345678')).toBe('201012345678');
    expect(whatsappDigits('0155 123 4567')).toBe('201551234567');
    expect(whatsappDigits('+20 101 234 5678')).toBe('201012345678');
    expect(whatsappDigits('+2 01012345678')).toBe('201012345678');
    expect(whatsappDigits('00201012345678')).toBe('201012345678');
    expect(whatsappDigits('201012345678')).toBe('201012345678');
  });

  it('takes another country’s number with its + or 00', () => {
    expect(whatsappDigits('+44 7700-900123')).toBe('447700900123');
    expect(whatsappDigits('(+971) 50 123 4567')).toBe('971501234567');
    expect(whatsappDigits('0044 7700 900123')).toBe('447700900123');
  });

  it('refuses what no chat can reach or what could be two numbers', () => {
    for (const number of [
      '',
      'abc',
      '0101234567',
      '01312345678',
      '1012345678',
      '+0123456789',
      '+1234567',
      '+1234567890123456',
    ]) {
      expect(whatsappDigits(number), number).toBeNull();
    }
  });
});

describe('whatsappLink', () => {
  it('opens a chat with the text typed in, encoded', () => {
    expect(whatsappLink('01012345678', 'Order N-10001 & more? ✓')).toBe(
      'https://wa.me/201012345678?text=Order%20N-10001%20%26%20more%3F%20%E2%9C%93',
    );
  });

  it('is null for a number WhatsApp cannot reach', () => {
    expect(whatsappLink('12', 'hello')).toBeNull();
  });
});
