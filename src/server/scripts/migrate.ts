/**
 * `npm run db:migrate`: brings the configured database up to the latest schema and stops. The server
 * migrates at start-up too; this is for deployments that migrate once before starting several copies.
 */
import { openForScript } from './open-for-script';

async function main(): Promise<void> {
  const { opened } = await openForScript();
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
