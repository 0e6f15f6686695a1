import { readFileSync } from 'node:fs';

/** Every variable config.ts reads. Its schema is private, so the keys are read from the source. */
export function configVariables(): string[] {
  const source = readFileSync(new URL('../config.ts', import.meta.url), 'utf8');
  return [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm)].map((match) => match[1]!);
}
