import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { configVariables } from '../test/config-variables';

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
    const schemaKeys = configVariables();
    expect(schemaKeys.length).toBeGreaterThan(20);
    expect(Object.keys(documented).sort()).toEqual(schemaKeys.sort());
  });
});
