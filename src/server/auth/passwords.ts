import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with OWASP's minimum cost: 19 MiB, two passes, one lane.
 * It takes tens of milliseconds here, which is slow for a guesser and quick for a person.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** false for a wrong password and for a hash that is not an argon2 hash at all. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a hash of nothing, so that signing in with an unknown email costs as long
 * as a wrong password does and the answer's timing does not tell which addresses have an account.
 */
export async function spendVerifyTime(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-never-used');
  await verifyPassword(await decoyHash, password);
}
