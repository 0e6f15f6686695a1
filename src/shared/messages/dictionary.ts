/**
 * One section of the dictionary in another language: the English section's keys and nesting, any text at
 * each leaf (a list of texts keeps its length). Annotating a language's section with it makes a missing
 * or an extra key a type error, so the languages cannot drift apart.
 */
export type Dictionary<English> = {
  readonly [Key in keyof English]: English[Key] extends string ? string : Dictionary<English[Key]>;
};
