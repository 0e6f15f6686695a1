import { toAsciiDigits } from './digits';

/** An Egyptian mobile number written with its country code: +20 1x…, 0020 1x… or 20 1x…. */
const WITH_COUNTRY_CODE = /^(?:\+|00)?20(1[0125]\d{8})$/;

/**
 * The one form of a customer's phone number that her record is kept by (issue 37): `01012345678`,
 * `+201012345678`, `0020 101 234 5678` and `٠١٠١٢٣٤٥٦٧٨` are one number, `01012345678`. Spaces,
 * dashes, dots and brackets are left out; a number that is not an Egyptian mobile keeps its digits
 * (and its `+`) as typed.
 */
export function customerPhoneKey(phone: string): string {
  const written = toAsciiDigits(phone).replace(/[\s\-.()]/g, '');
  const local = WITH_COUNTRY_CODE.exec(written);
  return local ? `0${local[1]}` : written;
}
