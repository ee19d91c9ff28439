import path from 'node:path';
import { DiskFileStore, type FileStore } from './file-store.ts';
import { S3FileStore } from './s3-file-store.ts';
import type { StorageSetting } from './storage-url.ts';

/** The configured file store: DATA_DIR/storage on disk (the default) or an S3 bucket (STORAGE_URL). */
export function openFileStore(config: { dataDir: string; storage: StorageSetting }): FileStore {
  return config.storage.kind === 's3' ? new S3FileStore(config.storage) : new DiskFileStore(path.join(config.dataDir, 'storage'));
}
