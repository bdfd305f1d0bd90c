/** `[!` … `!]` marks a segment shown in italics. */
export function italicSegments(value: string): { text: string; italic: boolean }[] {
  const parts: { text: string; italic: boolean }[] = [];
  const pattern = /\[!([\s\S]*?)!\]/g;
  let last = 0;
  for (const match of value.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: value.slice(last, match.index), italic: false });
    parts.push({ text: match[1] ?? '', italic: true });
    last = match.index + match[0].length;
  }
  if (last < value.length) parts.push({ text: value.slice(last), italic: false });
  return parts;
}
