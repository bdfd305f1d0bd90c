import { createHash } from 'node:crypto';
import { keyOfHints, type GlossaryHint } from './glossary-match.ts';
import { PROMPT_VERSION } from './prompt.ts';

export interface SegmentKeyInput {
  /** The source text of the segment, exactly as written. */
  source: string;
  /** The target language (BCP-47). */
  target: string;
  /** The article's translation instructions. */
  instructions: string;
  /** The engine's model. */
  model: string;
  promptVersion?: string;
  /**
   * The glossary entries the source holds (glossary-match.ts), in the matcher's order. None or
   * an empty list: the key is the one it was before the glossary existed.
   */
  glossary?: readonly GlossaryHint[] | undefined;
}

/**
 * The translation memory key of one segment: a hash of everything that decides its
 * translation. Editing one block changes only that block's keys; changing the instructions, the
 * model, the target language or the prompt changes them all; changing a glossary entry, those of
 * the texts holding its term. 32 base64url characters (192 bits).
 */
export function segmentKey({
  source,
  target,
  instructions,
  model,
  promptVersion = PROMPT_VERSION,
  glossary,
}: SegmentKeyInput): string {
  // A JSON array keeps the fields apart: no two inputs give the same hashed text.
  const fields: unknown[] = [promptVersion, model, target, instructions, source];
  if (glossary && glossary.length > 0) fields.push(keyOfHints(glossary));
  const hashed = JSON.stringify(fields);
  return createHash('sha256').update(hashed).digest('base64url').slice(0, 32);
}
