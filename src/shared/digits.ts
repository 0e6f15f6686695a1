import { z } from 'zod';

// Arabic-Indic (٠-٩, U+0660–0669) and Eastern Arabic/Persian (۰-۹, U+06F0–06F9): what an Arabic or a
// Persian keyboard types on a phone. '٫' (U+066B) is the Arabic decimal separator.
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;
const NON_ASCII_NUMERALS = /[\u0660-\u0669\u06F0-\u06F9\u066B]/g;

/**
 * The text with every Arabic-Indic and Persian digit written as its ASCII twin, and the Arabic decimal
 * separator as '.': '٠١٠١٢٣٤٥٦٧٨' → '01012345678', '١٢٥٫٥' → '125.5'. Everything else stays as typed.
 */
export function toAsciiDigits(text: string): string {
  return text.replace(NON_ASCII_NUMERALS, (char) => {
    const code = char.charCodeAt(0);
    if (code === 0x066b) return '.';
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_INDIC_ZERO);
  });
}

/** A text value with its digits in ASCII; anything else (a number of a JSON body, nothing) as it came. */
export function asciiDigitsOf(value: unknown): unknown {
  return typeof value === 'string' ? toAsciiDigits(value) : value;
}

/**
 * A field where people type a number (a phone, a building, a quantity, a price): whatever digits they
 * typed are read as ASCII before `schema`'s rules, so the SPEC's rules and what is stored are ASCII.
 * The forms and the server share the schemas, so both accept the same input.
 */
export function typedDigits<S extends z.ZodType>(schema: S) {
  return z.preprocess(asciiDigitsOf, schema);
}
