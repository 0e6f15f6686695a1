import { ConfigError, loadConfig, type Config } from '../config';
import { LockHeldError } from '../db/lock';
import { openConfiguredDatabase, type OpenedDatabase } from '../db/open';

/**
 * The configured database for a command-line script. A bad setting, or an embedded database the
 * running server holds, ends the script with its message (exit 1) instead of a stack trace.
 */
export async function openForScript(): Promise<{ config: Config; opened: OpenedDatabase }> {
  try {
    const config = loadConfig();
    return { config, opened: await openConfiguredDatabase(config) };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof LockHeldError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
