import type { AwsClient } from 'aws4fetch';
import { createStorage, type Driver } from 'unstorage';
import type { S3Settings } from '../config/schema.ts';
import {
  type BlobReads,
  type BlobStore,
  REMOVE_CONCURRENCY,
  eachLimited,
  sliceStream,
  wrapStorage,
} from './store.ts';
import { errorCode, parseListing, type ListingPage } from './s3-listing.ts';
import { jsonOf, type JsonVersions } from './update.ts';

/** The signed client and the bucket it reads, for the calls this module makes itself. */
interface Bucket {
  client: AwsClient;
  /** endpoint/bucket, path-style. */
  url: string;
  name: string;
}

/** One page of a ListObjectsV2 listing, read; a failed or unreadable answer throws. */
async function listingPage(bucket: Bucket, url: URL): Promise<ListingPage> {
  const res = await bucket.client.fetch(url.toString());
  const xml = await res.text();
  if (!res.ok) {
    const code = await errorCode(xml);
    throw new Error(
      `S3 listing of bucket ${bucket.name} failed: ${res.status}${code ? ` ${code}` : ''}`,
    );
  }
  try {
    return await parseListing(xml);
  } catch (error) {
    throw new Error(`S3 listing of bucket ${bucket.name} is not readable XML`, { cause: error });
  }
}

/** Every key under `prefix`, page after page. */
async function listKeys(bucket: Bucket, prefix: string, pageSize: number): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const url = new URL(bucket.url);
    url.searchParams.set('list-type', '2');
    url.searchParams.set('max-keys', String(pageSize));
    if (prefix) url.searchParams.set('prefix', prefix);
    if (token) url.searchParams.set('continuation-token', token);
    const page = await listingPage(bucket, url);
    keys.push(...page.keys);
    if (page.truncated && !page.next) {
      throw new Error(`S3 listing of bucket ${bucket.name} is truncated without a next page`);
    }
    token = page.truncated ? page.next : undefined;
  } while (token);
  return keys;
}

// Our keys' segments need no escaping (checkKey).
const objectUrl = (bucket: Bucket, key: string) => `${bucket.url}/${key.replaceAll(':', '/')}`;
const failure = (bucket: Bucket, what: string, key: string, res: Response) =>
  new Error(
    `S3 ${what} of ${key.replaceAll(':', '/')} in bucket ${bucket.name} failed: ${res.status}`,
  );

/** A GET that answered: its body cut to the range asked for (sent as asked when it already is). */
async function ranged(
  bucket: Bucket,
  key: string,
  res: Response,
  body: ReadableStream<Uint8Array>,
  range: { start: number; end: number },
): Promise<ReadableStream<Uint8Array>> {
  // A store that ignores Range answers the whole object (200); one may send more than
  // asked (s3rver answers `bytes=0-0` with all of it): what is not asked for is dropped.
  const sent = /^bytes (\d+)-(\d+)\//.exec(res.headers.get('content-range') ?? '');
  const from = res.status === 206 && sent ? Number(sent[1]) : 0;
  if (res.status === 206 && (!sent || (from === range.start && Number(sent[2]) <= range.end))) {
    return body;
  }
  if (from > range.start) {
    await body.cancel();
    throw failure(bucket, `GET (range ${res.headers.get('content-range')})`, key, res);
  }
  return sliceStream(body, { start: range.start - from, end: range.end - from });
}

// A size is a HEAD; a stream a GET with a Range header, so only the bytes asked for travel.
function s3Reads(bucket: Bucket): BlobReads {
  return {
    async size(key) {
      const res = await bucket.client.fetch(objectUrl(bucket, key), { method: 'HEAD' });
      if (res.status === 404) return undefined;
      if (!res.ok) throw failure(bucket, 'HEAD', key, res);
      const size = Number(res.headers.get('content-length'));
      if (!Number.isSafeInteger(size) || size < 0) {
        throw failure(bucket, 'HEAD (no length)', key, res);
      }
      return size;
    },
    async getStream(key, range) {
      const res = await bucket.client.fetch(objectUrl(bucket, key), {
        headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (res.status === 404 || res.status === 416) {
        await res.body?.cancel();
        return res.status === 404 ? undefined : new ReadableStream({ start: (c) => c.close() });
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw failure(bucket, 'GET', key, res);
      }
      if (!range) return res.body;
      return ranged(bucket, key, res, res.body, range);
    },
  };
}

/**
 * Versions are the objects' ETags, and a write over one is conditional (`If-Match`, or
 * `If-None-Match: *` over none; AWS S3, MinIO and R2 answer 412 when another server wrote in
 * between). A service that ignores them overwrites as an unconditional write would; within one
 * process the check still holds (update.ts).
 */
function s3Versions(bucket: Bucket): JsonVersions {
  const tagOf = (res: Response) => res.headers.get('etag') ?? '';
  return {
    async read(key) {
      const res = await bucket.client.fetch(objectUrl(bucket, key));
      if (res.status === 404) {
        await res.body?.cancel();
        return { value: undefined, version: undefined };
      }
      if (!res.ok) throw failure(bucket, 'GET', key, res);
      return { value: jsonOf(await res.text()), version: tagOf(res) };
    },
    async version(key) {
      const res = await bucket.client.fetch(objectUrl(bucket, key), { method: 'HEAD' });
      if (res.status === 404) return undefined;
      if (!res.ok) throw failure(bucket, 'HEAD', key, res);
      return tagOf(res);
    },
    async put(key, value, version) {
      const res = await bucket.client.fetch(objectUrl(bucket, key), {
        method: 'PUT',
        body: JSON.stringify(value),
        headers: version === undefined ? { 'If-None-Match': '*' } : { 'If-Match': version },
      });
      await res.body?.cancel();
      // 409: a conditional write raced another one on the same key (AWS): try again.
      if (res.status === 412 || res.status === 409) return false;
      if (!res.ok) throw failure(bucket, 'PUT', key, res);
      return true;
    },
  };
}

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
): Promise<{ driver: Driver; reads: BlobReads; versions: JsonVersions }> {
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
  const bucket: Bucket = {
    client,
    url: `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`,
    name: s3.bucket,
  };
  // unstorage gives the base as `a:b:` (undefined for everything).
  const keysUnder = (base: string | undefined) =>
    listKeys(bucket, (base ?? '').replaceAll(':', '/'), listPageSize);

  return {
    reads: s3Reads(bucket),
    versions: s3Versions(bucket),
    driver: {
      ...driver,
      getKeys: (base: string | undefined) => keysUnder(base),
      async clear(base: string | undefined) {
        const keys = await keysUnder(base);
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
  const { driver, reads, versions } = await s3BlobDriver(s3, options.listPageSize ?? 1000);
  return wrapStorage(createStorage({ driver }), reads, versions);
}
