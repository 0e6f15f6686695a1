import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
const documented = Object.fromEntries(
  example
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

describe('.env.example', () => {
  it('documents every setting with its real default', () => {
    expect(loadConfig(documented)).toEqual(loadConfig({}));
  });

  it('names every variable the configuration reads', () => {
    // The schema is private to config.ts, so its keys are read from the source.
    const source = readFileSync(new URL('../config.ts', import.meta.url), 'utf8');
    const schemaKeys = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm)].map((match) => match[1]);
    expect(schemaKeys.length).toBeGreaterThan(20);
    expect(Object.keys(documented).sort()).toEqual(schemaKeys.sort());
  });
});
