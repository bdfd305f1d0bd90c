import { createHash } from 'node:crypto';
import { PROMPT_VERSION } from './prompt.ts';

export { PROMPT_VERSION };

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
}

/**
 * The translation memory key of one segment (DESIGN 6.2): a hash of everything that decides its
 * translation. Editing one block changes only that block's keys; changing the instructions, the
 * model, the target language or the prompt changes them all. 32 base64url characters (192 bits).
 */
export function segmentKey({
  source,
  target,
  instructions,
  model,
  promptVersion = PROMPT_VERSION,
}: SegmentKeyInput): string {
  // A JSON array keeps the fields apart: no two inputs give the same hashed text.
  const hashed = JSON.stringify([promptVersion, model, target, instructions, source]);
  return createHash('sha256').update(hashed).digest('base64url').slice(0, 32);
}
