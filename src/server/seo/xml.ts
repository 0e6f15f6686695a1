/**
 * Characters XML 1.0 cannot carry at all, everything outside its Char production (C0 controls but tab
 * and line breaks, lone surrogates, U+FFFE/U+FFFF): one in a product's text would make the whole feed
 * unreadable, so they are dropped.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for an XML element or attribute: escaped, and without what XML forbids. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/** `<name>text</name>`, escaped. */
export function element(name: string, value: string): string {
  return `<${name}>${xmlText(value)}</${name}>`;
}
