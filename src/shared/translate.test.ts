import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { messagesAr } from './messages/ar';
import { createTranslator, isDictionaryText, ruleText } from './translate';

const arabic = createTranslator('ar', messagesAr);
const english = createTranslator('en');

describe('createTranslator', () => {
  it("says a dictionary text at the same place in the other language's dictionary", () => {
    expect(arabic.text(messages.cart.cartCleared)).toBe(messagesAr.cart.cartCleared);
    expect(arabic.knows(messages.cart.cartCleared)).toBe(true);
    expect(english.text(messages.cart.cartCleared)).toBe(messages.cart.cartCleared);
    expect(english.knows(messages.cart.cartCleared)).toBe(false);
  });

  it('says a text of a group of texts by name (a delivery move’s answer by its state)', () => {
    expect(arabic.text(messages.shipping.moved.shipped)).toBe(messagesAr.shipping.moved.shipped);
    expect(arabic.text(messages.customers.contactOutcomes.noAnswer)).toBe(
      messagesAr.customers.contactOutcomes.noAnswer,
    );
  });

  it('fills a phrase in the language, with its plural forms and nested phrases', () => {
    const phrase = { template: messages.cart.onlyNAvailable, values: { n: 2, name: 'Layla Dress' } };
    expect(english.phrase(phrase)).toBe('Only 2 items of Layla Dress are available');
    expect(arabic.phrase(phrase)).toMatch(/Layla Dress/);
    expect(arabic.phrase(phrase)).not.toBe(english.phrase(phrase));
    const nested = {
      template: messages.errors.invalidField,
      values: { field: 'price', rule: { template: messages.admin.priceRule } },
    };
    expect(english.phrase(nested)).toBe(`price: ${messages.admin.priceRule}`);
    expect(arabic.phrase(nested)).toBe(`price: ${messagesAr.admin.priceRule}`);
  });

  it("reads a text written in each language in the phrase's language, its English when the other is empty", () => {
    const name = { en: 'Silk Scarf', ar: 'وشاح حرير' };
    const phrase = { template: messages.cart.productOutOfStock, values: { name } };
    expect(english.phrase(phrase)).toBe('Silk Scarf is out of stock');
    expect(arabic.phrase(phrase)).toBe('وشاح حرير غير متوفر حاليًا');
    const unnamed = { template: messages.cart.productOutOfStock, values: { name: { ...name, ar: '' } } };
    expect(arabic.phrase(unnamed)).toBe('Silk Scarf غير متوفر حاليًا');
    const nested = {
      template: messages.cart.onlyNAvailable,
      values: { n: 1, name: { template: messages.cart.variantName, values: { name, values: 'M' } } },
    };
    expect(english.phrase(nested)).toBe('Only 1 items of Silk Scarf (M) are available');
    expect(arabic.phrase(nested)).toBe('المتوفر من وشاح حرير (M) قطعة واحدة فقط');
  });

  it('says a rule filled when a schema was built', () => {
    const text = ruleText(messages.errors.textTooLong, { field: 'landmark', max: 11 });
    expect(text).toBe('landmark must be at most 11 characters');
    expect(arabic.text(text)).toBe('يجب ألا يزيد طول landmark على 11 حرفًا');
  });

  it('leaves any other text as it is: a name, a library message, an unfilled template', () => {
    expect(arabic.text('Silk Scarf')).toBe('Silk Scarf');
    expect(arabic.text('Invalid input: expected string, received number')).toBe(
      'Invalid input: expected string, received number',
    );
    expect(arabic.text(messages.cart.onlyNAvailable)).toBe(messages.cart.onlyNAvailable);
    expect(arabic.knows('Silk Scarf')).toBe(false);
  });

  it('knows the dictionary texts, not lists of them', () => {
    expect(isDictionaryText(messages.auth.signinSuccess)).toBe(true);
    expect(isDictionaryText('Signed in')).toBe(false);
  });
});
