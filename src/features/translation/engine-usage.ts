import type OpenAI from 'openai';
import { estimateTokens } from './batches.ts';

/** What one engine call cost: its answer's `usage`, or counted when the engine gave none. */
export interface EngineUsage {
  promptTokens: number;
  completionTokens: number;
  /** The engine gave no `usage`: counted as batches.ts estimates tokens. */
  counted: boolean;
}

export interface Metered {
  /** Told once per engine call that got an answer (checked or not), with what it cost. */
  onUsage?: ((usage: EngineUsage) => void) | undefined;
}

/** What a call received, for its usage: an answer came, its content so far, its `usage`. */
export interface Seen {
  answered: boolean;
  content: string;
  usage: EngineUsage | undefined;
}

/** The usage an answer gave, or undefined when it gave none. */
export function usageOf(usage: OpenAI.CompletionUsage | null | undefined): EngineUsage | undefined {
  if (!usage || typeof usage.prompt_tokens !== 'number') return undefined;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: typeof usage.completion_tokens === 'number' ? usage.completion_tokens : 0,
    counted: false,
  };
}

/** What a call that got an answer cost: the usage it gave, or counted as batches.ts estimates. */
export function usageOrCounted(seen: Seen, system: string, user: string): EngineUsage {
  return (
    seen.usage ?? {
      promptTokens: estimateTokens(system) + estimateTokens(user),
      completionTokens: estimateTokens(seen.content),
      counted: true,
    }
  );
}
