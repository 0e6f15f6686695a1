import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, serverProcesses } from './config';

const POSTGRES = 'postgres://postgres@127.0.0.1:5432/nour';
const SECRET = 'a-secret-of-thirty-two-characters-at-least';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('WEB_CONCURRENCY', () => {
  it('is one process unless asked', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBe(1);
  });

  it('takes a whole number, or auto for every core', () => {
    expect(
      loadConfig({ WEB_CONCURRENCY: '3', DATABASE_URL: POSTGRES, JWT_SECRET: SECRET }).WEB_CONCURRENCY,
    ).toBe(3);
    expect(
      loadConfig({ WEB_CONCURRENCY: 'auto', DATABASE_URL: POSTGRES, JWT_SECRET: SECRET }).WEB_CONCURRENCY,
    ).toBe(availableParallelism());
  });

  it.each(['0', '-1', '1.5', 'two', 'all', '65'])('refuses %s, naming the variable', (value) => {
    expect(refusal({ WEB_CONCURRENCY: value })).toContain(
      'WEB_CONCURRENCY: must be auto or a whole number from 1 to 64',
    );
  });

  it('needs JWT_SECRET to run several processes on PostgreSQL', () => {
    const message = refusal({ WEB_CONCURRENCY: '2', DATABASE_URL: POSTGRES });
    expect(message).toContain('JWT_SECRET: required when WEB_CONCURRENCY runs more than one process');
    const config = loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: POSTGRES, JWT_SECRET: SECRET });
    expect(serverProcesses(config)).toBe(2);
  });

  it('runs one process on PGlite whatever it asks, so needs no JWT_SECRET there', () => {
    const config = loadConfig({ WEB_CONCURRENCY: '4' });
    expect(config.WEB_CONCURRENCY).toBe(4);
    expect(serverProcesses(config)).toBe(1);
  });
});

describe('scheduled backups', () => {
  it('are off unless BACKUP_EVERY_HOURS is set, and keep 7 by default', () => {
    const config = loadConfig({ BACKUP_DIR: '/backups', BACKUP_EVERY_HOURS: '' });
    expect(config.BACKUP_EVERY_HOURS).toBeUndefined();
    expect(config.BACKUP_KEEP).toBe(7);
    expect(loadConfig({ BACKUP_DIR: '/backups', BACKUP_EVERY_HOURS: '0.5', BACKUP_KEEP: '3' })).toMatchObject(
      {
        BACKUP_DIR: '/backups',
        BACKUP_EVERY_HOURS: 0.5,
        BACKUP_KEEP: 3,
      },
    );
  });

  it('need BACKUP_DIR, a positive number of hours and a whole BACKUP_KEEP of at least 1', () => {
    expect(refusal({ BACKUP_EVERY_HOURS: '24' })).toContain(
      'BACKUP_DIR: required when BACKUP_EVERY_HOURS is set',
    );
    expect(refusal({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: 'daily' })).toContain(
      'BACKUP_EVERY_HOURS: must be a number of hours, like 24 or 0.5',
    );
    expect(refusal({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: '0' })).toContain(
      'BACKUP_EVERY_HOURS: must be more than 0 hours',
    );
    expect(refusal({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: '1000' })).toContain(
      'BACKUP_EVERY_HOURS: must be at most 576 (24 days)',
    );
    expect(refusal({ BACKUP_KEEP: '0' })).toContain('BACKUP_KEEP');
  });
});

describe('SHOP_WHATSAPP', () => {
  it('is unset unless given, so the shop shows no WhatsApp link', () => {
    expect(loadConfig({}).SHOP_WHATSAPP).toBeUndefined();
    expect(loadConfig({ SHOP_WHATSAPP: '  ' }).SHOP_WHATSAPP).toBeUndefined();
  });

  it('keeps the digits of the wa.me links, from an Egyptian or an international number', () => {
    expect(loadConfig({ SHOP_WHATSAPP: '01012345678' }).SHOP_WHATSAPP).toBe('201012345678');
    expect(loadConfig({ SHOP_WHATSAPP: '+20 155 123 4567' }).SHOP_WHATSAPP).toBe('201551234567');
    expect(loadConfig({ SHOP_WHATSAPP: '+44 7700 900123' }).SHOP_WHATSAPP).toBe('447700900123');
  });

  it.each(['0101234567', '1012345678', 'whatsapp'])('refuses %s, naming the variable', (value) => {
    expect(refusal({ SHOP_WHATSAPP: value })).toContain(
      'SHOP_WHATSAPP: must be an Egyptian mobile number (01xxxxxxxxx) or an international one starting with + or 00',
    );
  });
});
