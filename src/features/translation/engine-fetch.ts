/**
 * The most an answer may weigh: a multiple of the batch's source (the user message, in bytes),
 * at least ANSWER_FLOOR_BYTES. A translation is rarely more than 3 times its source, escaped
 * JSON and a reasoning model's thoughts add some; anything larger is a bad answer, stopped
 * while it arrives so that memory never grows with it.
 */
export const ANSWER_FACTOR = 32;
export const ANSWER_FLOOR_BYTES = 128 * 1024;

export const answerCap = (sourceBytes: number): number =>
  Math.max(ANSWER_FLOOR_BYTES, ANSWER_FACTOR * sourceBytes);

/** An answer's body went past its cap: the body stream is cancelled and the read fails. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
}

/**
 * `fetch` whose answers' bodies fail once they pass `maxBytes` (as delivered, decompressed): a
 * declared Content-Length above the cap fails at once without reading; otherwise the bytes are
 * counted as they arrive and the connection is dropped past the cap. `tripped` is set either way.
 */
export function cappedFetch(
  maxBytes: number,
  tripped: { tooLarge: boolean },
  inner: typeof fetch = globalThis.fetch,
): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const body = response.body;
    if (!body) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const declared = Number(response.headers.get('content-length') ?? 0);
    let limited: ReadableStream<Uint8Array>;
    if (declared > maxBytes) {
      tripped.tooLarge = true;
      await body.cancel().catch(() => {});
      limited = new ReadableStream({
        start(controller) {
          controller.error(new AnswerTooLargeError(`the answer declares ${declared} bytes`));
        },
      });
    } else {
      let seen = 0;
      limited = body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            seen += chunk.byteLength;
            if (seen > maxBytes) {
              tripped.tooLarge = true;
              // Errors the pipe, which cancels the body: the connection is dropped.
              controller.error(new AnswerTooLargeError(`the answer passed ${maxBytes} bytes`));
              return;
            }
            controller.enqueue(chunk);
          },
        }),
      );
    }
    return new Response(limited, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
