import path from 'node:path';
import { createStorage } from 'unstorage';
import type { Config } from './config.ts';
import { fileReads, fsBlobDriver, removeLeftovers } from './blobs/fs.ts';
import { netlifyBlobStore } from './blobs/netlify.ts';
import { createS3BlobStore } from './blobs/s3.ts';
import { createMemoryBlobStore, wrapStorage, type BlobStore } from './blobs/store.ts';

export {
  checkKey,
  createMemoryBlobStore,
  NETLIFY_STORE_NAME,
  wrapStorage,
  type BlobStore,
  type ByteRange,
} from './blobs/store.ts';
export { createS3BlobStore } from './blobs/s3.ts';

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
