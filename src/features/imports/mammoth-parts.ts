import type { ZipEntry } from '../../server/zip/read.ts';

/**
 * The XML parts mammoth will parse, found by mammoth's own function (what `_rels/.rels` and the
 * main document's relationships name, else the usual paths), so that their size is bounded
 * before mammoth reads them, whatever names they hide under: one paragraph of 88 MB of text
 * (an 84 KB file, well within the markup bounds) took 2.1 GB and 21 s.
 */

interface MammothZip {
  exists(name: string): boolean;
}

/** mammoth's internals these bounds rely on (mammoth 1.13; no types are published for them). */
interface ZipModule {
  openArrayBuffer(data: Uint8Array): Promise<MammothZip>;
}
interface ReaderModule {
  _findPartPaths(zip: MammothZip): Promise<Record<string, string>>;
}

/** The relationships of a part, which mammoth reads with it: `word/_rels/document.xml.rels`. */
function relationshipsOf(path: string): string {
  const at = path.lastIndexOf('/');
  return `${path.slice(0, at + 1)}_rels/${path.slice(at + 1)}.rels`;
}

/** Parts mammoth reads to find the others: relationships and the content types. */
const isPackagePart = (name: string) => name.endsWith('.rels') || name === '[Content_Types].xml';

/**
 * What the parts mammoth parses inflate to together; null when it would not find a document.
 * The relationships mammoth reads to find the parts are bounded first (by `max`, together):
 * they are parsed whole too.
 */
export async function bytesMammothParses(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  max: number,
): Promise<number | null> {
  const sizeOf = (names: (name: string) => boolean) =>
    entries.reduce((sum, entry) => sum + (names(entry.name) ? entry.size : 0), 0);
  const packageBytes = sizeOf(isPackagePart);
  if (packageBytes > max) return packageBytes;
  const zipModule = (await import('mammoth/lib/zipfile.js')) as ZipModule;
  const reader = (await import('mammoth/lib/docx/docx-reader.js')) as ReaderModule;
  if (typeof reader._findPartPaths !== 'function') {
    throw new Error('mammoth no longer has _findPartPaths: mammoth-parts.ts needs updating');
  }
  let paths: Record<string, string>;
  try {
    paths = await reader._findPartPaths(await zipModule.openArrayBuffer(bytes));
  } catch {
    return null;
  }
  const parts = new Set(Object.values(paths).flatMap((path) => [path, relationshipsOf(path)]));
  return sizeOf((name) => isPackagePart(name) || parts.has(name));
}
