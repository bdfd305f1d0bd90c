import { createStorage, type Driver } from 'unstorage';
import type { S3Settings } from '../config.ts';
import {
  type BlobReads,
  type BlobStore,
  REMOVE_CONCURRENCY,
  eachLimited,
  sliceStream,
  wrapStorage,
} from './store.ts';
import { errorCode, parseListing, type ListingPage } from './s3-listing.ts';

/**
 * An S3-compatible bucket, for a museum that hosts Legenda itself at scale: unstorage's s3 driver
 * (aws4fetch, path-style URLs: endpoint/bucket/key) for reads, writes and deletes. Its listing is
 * replaced: it ignores the prefix and reads only the first page of the whole bucket (1,000 keys),
 * so past that a prefix would look empty; and its clear() would empty the whole bucket. Here a
 * listing is ListObjectsV2 with the prefix, page after page, read by s3-listing.ts.
 */
export async function s3BlobDriver(
  s3: S3Settings,
  listPageSize: number,
): Promise<{ driver: Driver; reads: BlobReads }> {
  const [{ default: s3Driver }, { AwsClient }] = await Promise.all([
    import('unstorage/drivers/s3'),
    import('aws4fetch'),
  ]);
  const driver = s3Driver({ ...s3, bulkDelete: false });
  const client = new AwsClient({
    service: 's3',
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  const bucketUrl = `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`;

  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const url = new URL(bucketUrl);
      url.searchParams.set('list-type', '2');
      url.searchParams.set('max-keys', String(listPageSize));
      if (prefix) url.searchParams.set('prefix', prefix);
      if (token) url.searchParams.set('continuation-token', token);
      const res = await client.fetch(url.toString());
      const xml = await res.text();
      if (!res.ok) {
        const code = errorCode(xml);
        throw new Error(
          `S3 listing of bucket ${s3.bucket} failed: ${res.status}${code ? ` ${code}` : ''}`,
        );
      }
      let page: ListingPage;
      try {
        page = parseListing(xml);
      } catch (error) {
        throw new Error(`S3 listing of bucket ${s3.bucket} is not readable XML`, { cause: error });
      }
      keys.push(...page.keys);
      if (page.truncated && !page.next) {
        throw new Error(`S3 listing of bucket ${s3.bucket} is truncated without a next page`);
      }
      token = page.truncated ? page.next : undefined;
    } while (token);
    return keys;
  }

  // unstorage gives the base as `a:b:` (undefined for everything).
  const toPrefix = (base: string | undefined) => (base ?? '').replaceAll(':', '/');
  // Our keys' segments need no escaping (checkKey).
  const objectUrl = (key: string) => `${bucketUrl}/${key.replaceAll(':', '/')}`;
  const failure = (what: string, key: string, res: Response) =>
    new Error(
      `S3 ${what} of ${key.replaceAll(':', '/')} in bucket ${s3.bucket} failed: ${res.status}`,
    );

  // A size is a HEAD; a stream a GET with a Range header, so only the bytes asked for travel.
  const reads: BlobReads = {
    async size(key) {
      const res = await client.fetch(objectUrl(key), { method: 'HEAD' });
      if (res.status === 404) return undefined;
      if (!res.ok) throw failure('HEAD', key, res);
      const size = Number(res.headers.get('content-length'));
      if (!Number.isSafeInteger(size) || size < 0) throw failure('HEAD (no length)', key, res);
      return size;
    },
    async getStream(key, range) {
      const res = await client.fetch(objectUrl(key), {
        headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (res.status === 404 || res.status === 416) {
        await res.body?.cancel();
        return res.status === 404 ? undefined : new ReadableStream({ start: (c) => c.close() });
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw failure('GET', key, res);
      }
      if (!range) return res.body;
      // A store that ignores Range answers the whole object (200); one may send more than
      // asked (s3rver answers `bytes=0-0` with all of it): what is not asked for is dropped.
      const sent = /^bytes (\d+)-(\d+)\//.exec(res.headers.get('content-range') ?? '');
      const from = res.status === 206 && sent ? Number(sent[1]) : 0;
      if (res.status === 206 && (!sent || (from === range.start && Number(sent[2]) <= range.end))) {
        return res.body;
      }
      if (from > range.start) {
        await res.body.cancel();
        throw failure(`GET (range ${res.headers.get('content-range')})`, key, res);
      }
      return sliceStream(res.body, { start: range.start - from, end: range.end - from });
    },
  };

  return {
    reads,
    driver: {
      ...driver,
      getKeys: (base: string | undefined) => listKeys(toPrefix(base)),
      async clear(base: string | undefined) {
        const keys = await listKeys(toPrefix(base));
        await eachLimited(keys, REMOVE_CONCURRENCY, async (key) => {
          await driver.removeItem!(key, {});
        });
      },
    },
  };
}

/** An S3-compatible bucket; `listPageSize` (at most 1,000) is for tests of paginated listings. */
export async function createS3BlobStore(
  s3: S3Settings,
  options: { listPageSize?: number } = {},
): Promise<BlobStore> {
  const { driver, reads } = await s3BlobDriver(s3, options.listPageSize ?? 1000);
  return wrapStorage(createStorage({ driver }), reads);
}
