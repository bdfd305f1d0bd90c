import * as z from 'zod';
import { itemId } from '../articles/ids.ts';
import { MAX_TEXT_LENGTH, MAX_URL_LENGTH, URL_PATTERN } from '../articles/content-fields.ts';

/**
 * Circuits (ADR 0018): a name (the public url, /circuit?name=), a title and an
 * introduction that visitors read in their language, and an ordered list of the museum's
 * articles, its stops. The API's shapes, shared by the circuits screen and the routes.
 */

export const MAX_CIRCUIT_TITLE = 120;
export const MAX_INTRO_LENGTH = MAX_TEXT_LENGTH;
/** Stops in one circuit: a room, a tour, a museum's whole visit. */
export const MAX_STOPS = 200;
/** Circuits a museum may keep. */
export const MAX_CIRCUITS = 500;

/** Control characters but tab and line breaks: never typed, sometimes pasted. */
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;

export const circuitId = itemId;

const title = z
  .string('must be text')
  .trim()
  .min(1, { message: 'must not be empty', abort: true })
  .max(MAX_CIRCUIT_TITLE, `must be at most ${MAX_CIRCUIT_TITLE} characters`)
  .refine((s) => !/\p{Cc}/u.test(s), 'must not contain control characters');

const intro = z
  .string('must be text')
  .trim()
  .max(MAX_INTRO_LENGTH, `must be at most ${MAX_INTRO_LENGTH} characters`)
  .refine((s) => !CONTROL_IN_TEXT.test(s), 'must not contain control characters');

const articleIds = z
  .array(itemId, 'must be a list of article ids')
  .max(MAX_STOPS, `must hold at most ${MAX_STOPS} articles`)
  .superRefine((ids, ctx) => {
    const seen = new Set<number>();
    ids.forEach((id, index) => {
      if (seen.has(id))
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: 'is already a stop of this circuit',
        });
      seen.add(id);
    });
  });

/** The public url, written like an article's (letters, digits and dashes); one message at a time. */
const name = z
  .string('must be text')
  .trim()
  .min(1, { message: 'must not be empty', abort: true })
  .max(MAX_URL_LENGTH, { message: `must be at most ${MAX_URL_LENGTH} characters`, abort: true })
  .regex(URL_PATTERN, 'may only hold letters, digits and single dashes between them');

export const saveCircuitSchema = z.object({
  /** No id: a new circuit. */
  id: circuitId.optional(),
  name,
  title,
  intro: intro.default(''),
  articleIds,
});

export const deleteCircuitSchema = z.object({ id: circuitId });

/** One line of GET /api/read/circuits (the issue's shape, `intro` and `revision` beside it). */
export interface CircuitDocument {
  id: number;
  /** The public url: /circuit?name={name}. */
  name: string;
  /** What visitors read as the circuit's heading, translated. */
  title: string;
  /** The introduction visitors read first, translated; may be empty. */
  intro: string;
  /** The stops, in order. */
  articleIds: number[];
}

export interface DeletedCircuit {
  id: number;
  deleted: true;
}
