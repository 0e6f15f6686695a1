import { describe, expect, it } from 'vitest';
import { CITIES } from '@/shared/constants';
import { addressLineIn, cityFromAddress } from './address';

const shipping = {
  street: 'Tahrir Street',
  building: '12',
  floor: '5',
  apartment: '12',
  landmark: 'Near the mosque',
  area: 'Dokki',
  city: 'Giza' as const,
};

describe('addressLineIn', () => {
  it('writes the English line as it always was', () => {
    expect(addressLineIn(shipping, 'en')).toBe(
      '12 Tahrir Street, Floor 5, Apartment 12, Near the mosque, Dokki, Giza',
    );
    expect(addressLineIn({ ...shipping, landmark: '', city: 'Outside Cairo and Giza' }, 'en')).toBe(
      '12 Tahrir Street, Floor 5, Apartment 12, Dokki, Outside Cairo and Giza',
    );
  });

  it('writes an Arabic order in Arabic words, with the Arabic comma and ASCII digits', () => {
    const arabic = {
      ...shipping,
      street: 'شارع التحرير',
      landmark: 'بجوار المسجد',
      area: 'الدقي',
    };
    expect(addressLineIn(arabic, 'ar')).toBe('12 شارع التحرير، الدور 5، شقة 12، بجوار المسجد، الدقي، الجيزة');
    expect(addressLineIn({ ...arabic, landmark: '', city: 'Cairo' }, 'ar')).toBe(
      '12 شارع التحرير، الدور 5، شقة 12، الدقي، القاهرة',
    );
    expect(addressLineIn({ ...arabic, city: 'Outside Cairo and Giza' }, 'ar')).toMatch(
      /، خارج القاهرة والجيزة$/,
    );
  });
});

describe('cityFromAddress', () => {
  it('reads the English names, in any case, as DESIGN §2 says', () => {
    expect(cityFromAddress('5 Haram St, GIZA')).toBe('Giza');
    expect(cityFromAddress('12 Nile Street, Cairo')).toBe('Cairo');
    expect(cityFromAddress('Cairo-Giza road 3, giza')).toBe('Giza');
    expect(cityFromAddress('7 Corniche, Alexandria')).toBe('Outside Cairo and Giza');
  });

  it('reads the Arabic names with or without the article and in their usual spellings', () => {
    expect(cityFromAddress('12 شارع التحرير، الدقي، الجيزة')).toBe('Giza');
    expect(cityFromAddress('شارع الهرم، جيزه')).toBe('Giza');
    expect(cityFromAddress('شارع النزهة، مصر الجديدة، القاهرة')).toBe('Cairo');
    expect(cityFromAddress('ميدان التحرير، القاهره')).toBe('Cairo');
    expect(cityFromAddress('كورنيش الإسكندرية')).toBe('Outside Cairo and Giza');
  });

  it('reads a whole option name before the words in it: Outside Cairo and Giza is not Giza', () => {
    expect(cityFromAddress('14 Corniche, Aswan, Outside Cairo and Giza')).toBe('Outside Cairo and Giza');
    expect(cityFromAddress('Outside Cairo and Giza')).toBe('Outside Cairo and Giza');
    expect(cityFromAddress('7 Nile St, Luxor,  outside  CAIRO and giza')).toBe('Outside Cairo and Giza');
    expect(cityFromAddress('كورنيش النيل، أسوان، خارج القاهرة والجيزة')).toBe('Outside Cairo and Giza');
    expect(cityFromAddress('كورنيش النيل، خارج القاهره و الجيزه')).toBe('Outside Cairo and Giza');
    // The words alone still name their city.
    expect(cityFromAddress('Outside the mall, 5 Haram St, Giza')).toBe('Giza');
  });

  it('reads back the city of every line written, in either language', () => {
    for (const language of ['en', 'ar'] as const) {
      for (const city of CITIES) {
        expect(cityFromAddress(addressLineIn({ ...shipping, landmark: '', city }, language))).toBe(city);
      }
    }
  });
});
