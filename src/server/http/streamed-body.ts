import { constants, createGzip, type Gzip } from 'node:zlib';

/**
 * Bytes the gzip stream gives out while `act` writes to it, until `act` says it is done: a flush
 * (each piece reaches the phone whole) or the end.
 */
function drain(zip: Gzip, act: (done: () => void) => void): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    const onData = (chunk: Buffer) => parts.push(chunk);
    const onError = (error: Error) => {
      zip.off('data', onData);
      reject(error);
    };
    zip.on('data', onData);
    zip.once('error', onError);
    act(() => {
      zip.off('data', onData);
      zip.off('error', onError);
      resolve(new Uint8Array(Buffer.concat(parts)));
    });
  });
}

/**
 * A Response sending `pieces` as they come (a first translation's page, ADR 0017), gzip-compressed
 * when the client takes it, flushed after each piece so none waits in the compressor. No ETag
 * and no length: a page of the moment. A HEAD gets the headers only; a client that goes away
 * stops the pieces (what they wait on goes on: a translation job is stored anyway).
 */
export function streamedResponse(
  request: Request,
  pieces: AsyncIterable<string>,
  headers: Record<string, string>,
  status = 200,
): Response {
  const iterator = pieces[Symbol.asyncIterator]();
  const gzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  const sent = gzip ? { ...headers, 'Content-Encoding': 'gzip' } : headers;
  if (request.method === 'HEAD') {
    void iterator.return?.();
    return new Response(null, { status, headers: sent });
  }
  const encoder = new TextEncoder();
  const zip = gzip ? createGzip() : undefined;
  const body = new ReadableStream<Uint8Array>({
    // Each pull enqueues something or ends the stream: a pull that enqueues nothing is not
    // called again, and the page would hang.
    async pull(controller) {
      for (;;) {
        const next = await iterator.next();
        if (next.done) {
          if (zip) {
            // Its last bytes come out before 'end' (not before end()'s callback).
            controller.enqueue(await drain(zip, (done) => zip.once('end', done).end()));
          }
          controller.close();
          return;
        }
        if (next.value === '') continue;
        const bytes = encoder.encode(next.value);
        controller.enqueue(
          zip
            ? await drain(zip, (done) => {
                zip.write(bytes);
                zip.flush(constants.Z_SYNC_FLUSH, done);
              })
            : bytes,
        );
        return;
      }
    },
    async cancel() {
      zip?.destroy();
      await iterator.return?.();
    },
  });
  return new Response(body, { status, headers: sent });
}
