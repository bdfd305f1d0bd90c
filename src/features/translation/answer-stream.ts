/**
 * Reads a translation answer as the engine writes it (ADR 0020): each complete entry
 * `{"id", "text"}` of `translations`, once, as soon as its closing brace arrives. Only a reading
 * ahead: the whole answer is still checked by checkAnswer when it has all arrived, and an answer
 * this reader cannot follow (a markdown fence inside, text around the JSON, another shape) just
 * stops giving entries early.
 */
export async function answerEntries(onEntry: (id: string, text: string) => void) {
  // Loaded at the first streamed answer, not at start (ADR 0032).
  const { JSONParser } = await import('@streamparser/json');
  const parser = new JSONParser({ paths: ['$.translations.*'], keepStack: false });
  let lost = false;
  /** Text before the JSON: spaces, or a markdown fence's opening line (answer.ts unfences too). */
  let lead = '';
  let started = false;
  const seen = new Set<string>();
  parser.onValue = ({ value }) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const { id, text } = value as { id?: unknown; text?: unknown };
    if (typeof id !== 'string' || typeof text !== 'string' || seen.has(id)) return;
    seen.add(id);
    onEntry(id, text);
  };
  parser.onError = () => {
    lost = true;
  };
  const feed = (chunk: string) => {
    try {
      parser.write(chunk);
    } catch {
      lost = true;
    }
  };
  return {
    write(chunk: string): void {
      if (lost || chunk === '') return;
      if (started) return feed(chunk);
      lead += chunk;
      const fence = /^\s*```[^\n]*\n/.exec(lead);
      const rest = fence ? lead.slice(fence[0].length) : lead.trimStart();
      if (rest === '' || (!fence && /^\s*`{1,3}[^\n]*$/.test(lead))) return; // more to come
      started = true;
      lead = '';
      feed(rest);
    },
  };
}
