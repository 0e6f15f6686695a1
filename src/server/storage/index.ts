import type { Config } from '../config';
import { createLocalStore, localStoreRoot } from './local';
import { createS3Store } from './s3';
import type { ObjectStore } from './types';

/** The image store the configuration asks for: S3-compatible when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createObjectStore(config: Config): ObjectStore {
  if (!config.S3_BUCKET) return createLocalStore(localStoreRoot(config.DATA_DIR));
  if (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
    // loadConfig already refuses this; the check keeps the types honest for hand-made configs.
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set');
  }
  return createS3Store({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_PUBLIC_URL ? { publicUrl: config.S3_PUBLIC_URL } : {}),
  });
}
