import { z } from 'zod';

/** Query strings arrive as text; an empty value means "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const pageParam = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'page must be a whole number of at least 1' })
    .int('page must be a whole number of at least 1')
    .min(1, 'page must be a whole number of at least 1')
    .optional(),
);

export function limitParam(max: number) {
  const rule = `limit must be a whole number from 1 to ${max}`;
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: rule }).int(rule).min(1, rule).max(max, rule).optional(),
  );
}

export function moneyParam(name: string) {
  const rule = `${name} must be a number of at least 0`;
  return z.preprocess(blankToUndefined, z.coerce.number({ error: rule }).min(0, rule).optional());
}

export const searchParam = z.preprocess(
  blankToUndefined,
  z.string().trim().max(100, 'search must be at most 100 characters').optional(),
);

/** Ids are UUIDs; a malformed one is answered 400 before the database sees it. */
export const IdSchema = z.uuid({ error: 'Invalid id' });

export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
