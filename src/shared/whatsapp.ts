/**
 * An Egyptian mobile number as WhatsApp's links want it: country code, no plus, no leading zero
 * (`01012345678`, `+201012345678` and `00201012345678` all become `201012345678`). Anything else is
 * passed on as its digits.
 */
export function internationalNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (/^01\d{9}$/.test(digits)) return `2${digits}`;
  if (/^0020\d{10}$/.test(digits)) return digits.slice(2);
  return digits;
}

/** A link that opens a WhatsApp chat with `phone`, the message already typed. */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${internationalNumber(phone)}?text=${encodeURIComponent(text)}`;
}
