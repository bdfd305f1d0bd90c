import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { recordingLogger } from '../../../tests/helpers/logger.ts';
import type { CheckedAnswer } from './answer.ts';
import { FormatNegotiation, formatAsked, type AnswerFormat } from './engine-format.ts';
import { EmptyStreamError } from './engine-stream.ts';
import type { TranslateRequest } from './engine-types.ts';
import { EngineUnavailableError } from './errors.ts';

/** The error the transport makes of a server's 400 (or `status`) saying `words`. */
const refusal = (words: string, status = 400) =>
  new EngineUnavailableError('refused', `the engine answered ${status}`, {
    status,
    cause: new APIError(status, { message: words }, words, new Headers()),
  });

const request = (streamed: boolean): TranslateRequest => ({
  segments: [{ id: '1', text: 'Bonjour' }],
  sourceLang: 'fr',
  targetLang: 'es',
  instructions: '',
  ...(streamed && { onText: () => {} }),
});

const answer: CheckedAnswer = { translations: { '1': 'Hola' }, rejected: {} };

/** An attempt that records each call (format, streamed) and refuses as `refuse` says. */
function attempts(refuse: (format: AnswerFormat, streamed: boolean) => Error | undefined) {
  const calls: [AnswerFormat, boolean][] = [];
  const attempt = async (r: TranslateRequest, format: AnswerFormat) => {
    const streamed = r.onText !== undefined;
    calls.push([format, streamed]);
    const error = refuse(format, streamed);
    if (error) throw error;
    return answer;
  };
  return { calls, attempt };
}

describe('formatAsked', () => {
  const schema = { type: 'object' };
  it('asks json_schema with the schema as the response format', () => {
    expect(formatAsked('json_schema', 'translations', schema)).toEqual({
      responseFormat: {
        type: 'json_schema',
        json_schema: { name: 'translations', strict: true, schema },
      },
      prompt: {},
    });
  });
  it('asks json_object with the schema in the prompt', () => {
    expect(formatAsked('json_object', 'review', schema)).toEqual({
      responseFormat: { type: 'json_object' },
      prompt: { schemaInPrompt: schema },
    });
  });
});

describe('FormatNegotiation', () => {
  it('lets batches started together each be refused json_schema once, then asks json_object at once, said once', async () => {
    const { log, lines } = recordingLogger();
    const negotiation = new FormatNegotiation(log);
    const { calls, attempt } = attempts((format) =>
      format === 'json_schema'
        ? refusal('response_format json_schema is not supported')
        : undefined,
    );
    await Promise.all([1, 2, 3].map(() => negotiation.translate(request(false), attempt)));
    expect(calls.filter(([f]) => f === 'json_schema')).toHaveLength(3);
    expect(negotiation.format).toBe('json_object');
    calls.length = 0;
    await negotiation.translate(request(false), attempt);
    expect(calls).toEqual([['json_object', false]]);
    expect(lines.filter((l) => l.includes('json_schema'))).toHaveLength(1);
  });

  it('keeps json_schema once the engine accepted it: a later refusal is retried for its batch only', async () => {
    const { log, lines } = recordingLogger();
    const negotiation = new FormatNegotiation(log);
    let refuse = false;
    const { calls, attempt } = attempts((format) =>
      refuse && format === 'json_schema' ? refusal('json_schema: too many properties') : undefined,
    );
    await negotiation.translate(request(false), attempt);
    refuse = true;
    await negotiation.translate(request(false), attempt);
    expect(calls).toEqual([
      ['json_schema', false],
      ['json_schema', false],
      ['json_object', false],
    ]);
    expect(negotiation.format).toBe('json_schema');
    expect(lines).toEqual([]);
  });

  it.each([
    ['refused streams', refusal('Streaming is not supported')],
    ['an empty stream', new EmptyStreamError()],
  ])('asks for whole answers from then on after %s, said once', async (_name, error) => {
    const { log, lines } = recordingLogger();
    const negotiation = new FormatNegotiation(log);
    const { calls, attempt } = attempts((_format, streamed) => (streamed ? error : undefined));
    await negotiation.translate(request(true), attempt);
    await negotiation.translate(request(true), attempt);
    expect(calls).toEqual([
      ['json_schema', true],
      ['json_schema', false],
      ['json_schema', false],
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/whole answers from now on/);
  });

  it('stops asking stream_options once refused, and streams on', async () => {
    const { log, lines } = recordingLogger();
    const negotiation = new FormatNegotiation(log);
    const seen: boolean[] = [];
    const { calls, attempt } = attempts(() => {
      seen.push(negotiation.usageAsked);
      return negotiation.usageAsked ? refusal('Unknown field stream_options', 422) : undefined;
    });
    await negotiation.translate(request(true), attempt);
    expect(seen).toEqual([true, false]);
    expect(calls).toEqual([
      ['json_schema', true],
      ['json_schema', true],
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/refuses stream_options/);
  });

  it('passes any other failure on', async () => {
    const negotiation = new FormatNegotiation(undefined);
    const { attempt } = attempts(() => new EngineUnavailableError('server', 'down'));
    await expect(negotiation.translate(request(true), attempt)).rejects.toThrow('down');
  });
});
