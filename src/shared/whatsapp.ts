/** An Egyptian mobile number as people write it at home: 01, then 0, 1, 2 or 5, then 8 digits. */
const EGYPTIAN_MOBILE = /^01[0125]\d{8}$/;
/** The same with Egypt's country code and without the 0: 20 1x xxxx xxxx. */
const EGYPTIAN_MOBILE_WITH_CODE = /^201[0125]\d{8}$/;
/** An international number (E.164) after its `+` or `00`: a country code and the number, 8 to 15 digits. */
const INTERNATIONAL = /^(?:\+|00)([1-9]\d{7,14})$/;

/**
 * The digits WhatsApp's links take (the country code first, no `+`): `01012345678` becomes
 * `201012345678`, as do `+20 101 234 5678`, `0020…` and `20101…`; any other country's number needs its
 * `+` or `00`, since bare digits could belong to two countries. Null for anything else. Spaces, dashes,
 * dots and brackets people type between the digits are left out.
 */
export function whatsappDigits(number: string): string | null {
  const written = number.replace(/[\s\-.()]/g, '');
  if (EGYPTIAN_MOBILE.test(written)) return `2${written}`;
  if (EGYPTIAN_MOBILE_WITH_CODE.test(written)) return written;
  return INTERNATIONAL.exec(written)?.[1] ?? null;
}

/** `https://wa.me/<digits>?text=<encoded>`: a chat with the number WhatsApp knows as `digits`. */
export function chatLink(digits: string, text: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/**
 * A chat with `number` as people write it, with `text` typed in, ready to send; null when `number` is
 * not one WhatsApp can reach.
 */
export function whatsappLink(number: string, text: string): string | null {
  const digits = whatsappDigits(number);
  return digits ? chatLink(digits, text) : null;
}
