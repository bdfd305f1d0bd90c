import { contentSchema, type ArticleContent } from '../articles/content.ts';
import {
  hasControlCharacters,
  MAX_INSTRUCTIONS_LENGTH,
  MAX_TITLE_LENGTH,
} from '../articles/content-fields.ts';
import type { Draft } from './state.ts';

/** Where a problem is: ['title'], ['instructions'] or a path into the content ([3, 'fontSize']). */
export type ProblemPath = readonly (string | number)[];
export type Problem = { path: ProblemPath; message: string };

export type Checked = { ok: true; content: ArticleContent } | { ok: false; problems: Problem[] };

/** The checks the server makes too, so a save is refused before it is sent. */
export function checkDraft(draft: Draft): Checked {
  const problems: Problem[] = [];
  if (draft.title.trim() === '') problems.push({ path: ['title'], message: 'must not be empty' });
  if (draft.title.length > MAX_TITLE_LENGTH) {
    problems.push({ path: ['title'], message: `must be at most ${MAX_TITLE_LENGTH} characters` });
  }
  if (/\p{Cc}/u.test(draft.title)) {
    problems.push({ path: ['title'], message: 'must not contain control characters' });
  }
  if (draft.instructions.length > MAX_INSTRUCTIONS_LENGTH) {
    problems.push({
      path: ['instructions'],
      message: `must be at most ${MAX_INSTRUCTIONS_LENGTH} characters`,
    });
  }
  if (hasControlCharacters(draft.instructions)) {
    problems.push({ path: ['instructions'], message: 'must not contain control characters' });
  }
  const parsed = contentSchema.safeParse(draft.content);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.filter((part) => typeof part !== 'symbol'),
      message: issue.message,
    }));
    // In the order of the page, so the first one named is the first one met.
    problems.push(...issues.sort((a, b) => comparePaths(a.path, b.path)));
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, content: parsed.data };
}

/** A server's detail path ('newContent.3.fontSize') as a problem path ([3, 'fontSize']). */
export function pathOfServerDetail(path: string): ProblemPath {
  const parts = path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  if (parts[0] === 'newContent') return parts.slice(1);
  if (parts[0] === 'unformatted_name') return ['title'];
  return parts;
}

/** The value at a path of the draft, for messages that depend on it. */
export function valueAt(draft: Draft, path: ProblemPath): unknown {
  if (path[0] === 'title') return draft.title;
  if (path[0] === 'instructions') return draft.instructions;
  let value: unknown = draft.content;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

function comparePaths(a: ProblemPath, b: ProblemPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i], b[i]];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return 0;
  }
  return a.length - b.length;
}
