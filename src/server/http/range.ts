/**
 * One byte range of `bytes=start-end`, `bytes=start-` or `bytes=-suffix`; several ranges or a
 * malformed header are answered with the whole file, as RFC 9110 allows.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, end];
}
