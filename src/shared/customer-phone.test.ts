import { describe, expect, it } from 'vitest';
import { customerPhoneKey } from './customer-phone';

describe('customerPhoneKey', () => {
  it('reads every way of writing an Egyptian mobile as one number', () => {
    for (const written of [
      '01012345678',
      '+201012345678',
      '201012345678',
      '00201012345678',
      '+20 101 234 5678',
      '010-1234-5678',
      '٠١٠١٢٣٤٥٦٧٨',
      '+٢٠١٠١٢٣٤٥٦٧٨',
      '۰۱۰۱۲۳۴۵۶۷۸',
    ]) {
      expect(customerPhoneKey(written), written).toBe('01012345678');
    }
  });

  it('keeps two numbers apart', () => {
    expect(customerPhoneKey('01012345678')).not.toBe(customerPhoneKey('01112345678'));
  });

  it('keeps a number that is not an Egyptian mobile as typed, without its spaces', () => {
    expect(customerPhoneKey('+44 20 7946 0958')).toBe('+442079460958');
  });
});
