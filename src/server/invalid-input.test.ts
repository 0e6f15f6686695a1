import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '@/shared/messages';
import { messagesAr } from '@/shared/messages/ar';
import { phraseIssue } from '@/shared/translate';
import { describeIssue, InvalidInput, issueOfZod } from './invalid-input';
import { translatorIn } from './plugins/language';

const arabic = translatorIn('ar');
const english = translatorIn('en');

function refusalOf(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('the schema took the input');
  return issueOfZod(parsed.error.issues[0]!);
}

/** What a refusal answers an English and an Arabic caller. */
function said(schema: z.ZodType, input: unknown) {
  const issue = refusalOf(schema, input);
  return { en: describeIssue(issue, english), ar: describeIssue(issue, arabic) };
}

describe('describeIssue', () => {
  it("says zod's wrong and missing types as zod does in English, and in the dictionary's Arabic", () => {
    const schema = z.object({ title: z.string() });
    expect(said(schema, { title: 5 })).toEqual({
      en: 'title: Invalid input: expected string, received number',
      ar: 'title: قيمة غير صالحة: المتوقَّع نص، والمُرسَل رقم',
    });
    expect(said(schema, {})).toEqual({
      en: 'title: Invalid input: expected string, received undefined',
      ar: 'title: قيمة مطلوبة لم تُرسَل: المتوقَّع نص',
    });
    expect(said(schema, 'text')).toEqual({
      en: 'Invalid input: expected object, received string',
      ar: 'قيمة غير صالحة: المتوقَّع كائن، والمُرسَل نص',
    });
  });

  it("says zod's bounds, options and unknown keys in Arabic", () => {
    expect(said(z.object({ tags: z.array(z.string()).max(2) }), { tags: ['a', 'b', 'c'] })).toEqual({
      en: 'tags: Too big: expected array to have <=2 items',
      ar: 'tags: عدد العناصر أكبر من المسموح: الحد الأقصى 2',
    });
    expect(said(z.object({ quantity: z.number().min(1) }), { quantity: 0 })).toEqual({
      en: 'quantity: Too small: expected number to be >=1',
      ar: 'quantity: القيمة أصغر من المسموح: الحد الأدنى 1',
    });
    expect(said(z.object({ size: z.enum(['S', 'M']) }), { size: 'XL' })).toEqual({
      en: 'size: Invalid option: expected one of "S"|"M"',
      ar: 'size: اختيار غير صالح: المتوقَّع واحد من S, M',
    });
    expect(said(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual({
      en: 'Unrecognized keys: "b", "c"',
      ar: 'حقول غير معروفة: b, c',
    });
    expect(said(z.object({ ref: z.uuid() }), { ref: 'x' })).toEqual({
      en: 'ref: Invalid UUID',
      ar: 'ref: قيمة غير صالحة',
    });
  });

  it("says the dictionary's own texts alone, and a rule filled with the input's values with its field", () => {
    expect(said(z.object({ name: z.string({ error: messages.auth.nameRequired }) }), {})).toEqual({
      en: messages.auth.nameRequired,
      ar: messagesAr.auth.nameRequired,
    });
    const options = z.object({ options: z.array(z.string()) }).superRefine((_value, ctx) => {
      ctx.addIssue({
        ...phraseIssue(messages.admin.duplicateOptionName, { name: 'Size' }),
        path: ['options'],
      });
    });
    expect(said(options, { options: [] })).toEqual({
      en: 'options: The option Size is listed twice',
      ar: 'options: الخيار Size مذكور مرتين',
    });
  });
});

describe('InvalidInput', () => {
  it('is a 400 whose message is the English answer, said in any language at the edge', () => {
    const error = new InvalidInput(refusalOf(z.object({ title: z.string() }), { title: 5 }));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('title: Invalid input: expected string, received number');
    expect(error.saidIn(english)).toBe(error.message);
    expect(error.saidIn(arabic)).toBe('title: قيمة غير صالحة: المتوقَّع نص، والمُرسَل رقم');
  });
});
