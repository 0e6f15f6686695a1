/**
 * `npm run db:migrate`: brings the configured database up to the latest schema and stops. The server
 * migrates at start-up too; this is for deployments that migrate once before starting several copies.
 */
import { ConfigError, loadConfig } from '../config';
import { LockHeldError } from '../db/lock';
import { openConfiguredDatabase } from '../db/open';

async function main(): Promise<void> {
  let opened;
  try {
    opened = await openConfiguredDatabase(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError || error instanceof LockHeldError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    await opened.database.migrate();
    console.log(`Migrated ${opened.location}.`);
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error('Migration failed:', error);
  process.exit(1);
});
