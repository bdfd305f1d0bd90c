import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { AwsClient } from 'aws4fetch';

/**
 * Real servers for the blob stores, on free ports and temporary directories: @netlify/blobs' own
 * local BlobsServer (what `netlify dev` runs) and s3rver, a fake S3 that checks signatures
 * (SigV4) and keeps objects on disk.
 */

export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `legenda-${name}-`));

export interface NetlifyBlobsTestServer {
  siteID: string;
  token: string;
  url: string;
  /**
   * The context Netlify gives a function (base64 JSON in `netlifyBlobsContext` or the
   * NETLIFY_BLOBS_CONTEXT variable): edge access, with the uncached URL strong reads use.
   */
  context: string;
  stop(): Promise<void>;
}

export async function startNetlifyBlobsServer(
  siteID = 'legenda-test-site',
): Promise<NetlifyBlobsTestServer> {
  const directory = tempDir('netlify-blobs');
  const token = `token-${Math.random().toString(36).slice(2)}`;
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const context = Buffer.from(
    JSON.stringify({ siteID, token, edgeURL: url, uncachedEdgeURL: url }),
  ).toString('base64');
  return {
    siteID,
    token,
    url,
    context,
    async stop() {
      await server.stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Runs `work` with a Netlify Blobs context in place, as Netlify sets it for a request. */
export async function withNetlifyContext<T>(context: string, work: () => Promise<T>): Promise<T> {
  const before = globalThis.netlifyBlobsContext;
  globalThis.netlifyBlobsContext = context;
  try {
    return await work();
  } finally {
    globalThis.netlifyBlobsContext = before;
  }
}

/** What Legenda needs to use one bucket. */
export interface S3TestBucket {
  /** The settings Legenda reads, as environment variables (BLOB_STORE=s3 included). */
  env: Record<string, string>;
  settings: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
}

export interface S3TestServer {
  endpoint: string;
  /** A new, empty bucket. */
  newBucket(): Promise<S3TestBucket>;
  stop(): Promise<void>;
}

/** s3rver's built-in account; any other key is refused (403). */
const S3RVER_KEY = 'S3RVER';

/** s3rver in a child process (see s3rver-process.ts for why), on a free port. */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = tempDir('s3');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-process.ts'), directory],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new AwsClient({
    service: 's3',
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
  });
  let buckets = 0;
  return {
    endpoint,
    async newBucket() {
      const bucket = `legenda-test-${++buckets}`;
      const res = await client.fetch(`${endpoint}/${bucket}`, { method: 'PUT' });
      if (!res.ok) throw new Error(`Creating bucket ${bucket}: ${res.status} ${await res.text()}`);
      const settings = {
        endpoint,
        bucket,
        region: 'us-east-1',
        accessKeyId: S3RVER_KEY,
        secretAccessKey: S3RVER_KEY,
      };
      return {
        settings,
        env: {
          BLOB_STORE: 's3',
          S3_ENDPOINT: settings.endpoint,
          S3_BUCKET: settings.bucket,
          S3_REGION: settings.region,
          S3_ACCESS_KEY_ID: settings.accessKeyId,
          S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
        },
      };
    },
    async stop() {
      child.stdin.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
