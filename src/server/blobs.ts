import path from 'node:path';
import { createStorage } from 'unstorage';
import type { Config } from './config/schema.ts';
import { fileReads, fsBlobDriver, removeLeftovers } from './blobs/fs.ts';
import { netlifyBlobStore } from './blobs/netlify.ts';
import type * as S3 from './blobs/s3.ts';
import { createMemoryBlobStore, wrapStorage, type BlobStore } from './blobs/store.ts';

/**
 * The S3 store, its module (and its XML parser, sax) loaded only where BLOB_STORE=s3 chooses
 * it: the Netlify functions start without them (docs/adr/0032-a-light-visitor-function.md).
 */
export async function createS3BlobStore(
  ...args: Parameters<typeof S3.createS3BlobStore>
): Promise<BlobStore> {
  const { createS3BlobStore: create } = await import('./blobs/s3.ts');
  return create(...args);
}

export async function createBlobStore(config: Config): Promise<BlobStore> {
  switch (config.blobStore) {
    case 'memory':
      return createMemoryBlobStore();
    case 'netlify':
      // Loaded only on Netlify, where its environment exists.
      return netlifyBlobStore();
    case 's3': {
      if (!config.s3) throw new Error('BLOB_STORE=s3 needs the S3_ settings');
      return createS3BlobStore(config.s3);
    }
    case 'fs': {
      const root = path.resolve(config.dataDir, 'blobs');
      await removeLeftovers(root);
      return wrapStorage(createStorage({ driver: fsBlobDriver(root) }), fileReads(root));
    }
  }
}
