import { z } from 'zod';

/**
 * The same schema with every object in it strict: a key it does not declare, at any depth, is an
 * error instead of being dropped. Tests read real answers with it, so a field the server sends but the
 * schema forgets fails the test rather than vanishing in serialization.
 */
export function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.entries(schema.shape as Record<string, z.ZodType>);
    return z.strictObject(Object.fromEntries(shape.map(([key, value]) => [key, strictly(value)])));
  }
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodRecord) return z.record(schema.keyType, strictly(schema.valueType as z.ZodType));
  if (schema instanceof z.ZodUnion) {
    return z.union((schema.options as z.ZodType[]).map((option) => strictly(option)));
  }
  return schema;
}
