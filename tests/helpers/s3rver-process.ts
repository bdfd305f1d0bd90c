import S3rver from '@20minutes/s3rver';

/**
 * s3rver as a process (tests/helpers/blob-servers.ts starts it): `node --openssl-legacy-provider
 * tests/helpers/s3rver-process.ts <directory>` listens on a free port of 127.0.0.1, prints
 * `{"port":…}` on one line, and stops when its stdin closes (its parent went away).
 *
 * Why a process: s3rver's ListObjectsV2 continuation tokens are DES-encrypted, and Node 24's
 * OpenSSL 3 has DES only in its legacy provider, which only a command-line flag loads. Without
 * it every truncated listing answers 500.
 */
const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rver-process.ts <directory>');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().finally(() => process.exit(0));
});
