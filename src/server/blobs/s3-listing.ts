import type sax from 'sax';

/**
 * Reading S3's XML answers with sax, a real XML parser: entities (XML's five and character
 * references) are decoded once, CDATA is text, and a key is only ever what the bucket wrote
 * inside its own <Key> element, whatever characters it holds. No entity can be declared or
 * expanded: sax knows XML's five and character references, and refuses any other.
 */

type Sax = typeof sax;
let loading: Promise<Sax> | undefined;

/**
 * sax, loaded with the first answer read (ADR 0032): a function that never lists a bucket (a
 * visitor's) starts without it.
 */
function saxModule(): Promise<Sax> {
  loading ??= import('sax').then((module) => module.default);
  return loading;
}

/** One page of a ListObjectsV2 listing. */
export interface ListingPage {
  keys: string[];
  /** Whether more keys follow on a next page. */
  truncated: boolean;
  /** The token that asks for the next page, when the bucket gave one. */
  next: string | undefined;
}

/**
 * The text of every element at the given paths (element names from the root, joined by `/`),
 * in document order. Throws on anything but well-formed XML whose root is `root`.
 */
function texts(
  sax: Sax,
  xml: string,
  root: string,
  paths: readonly string[],
): Map<string, string[]> {
  const found = new Map<string, string[]>(paths.map((path) => [path, []]));
  // XML's five entities only, never HTML's (sax's option, missing from @types/sax 1.2).
  const options: sax.SAXOptions & { strictEntities: boolean } = { strictEntities: true };
  const parser = sax.parser(true, options);
  const open: string[] = [];
  let rootName: string | undefined;
  let text: string[] | undefined;
  let current = '';
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentag = (tag) => {
    // A key or a token is text: an element inside one is no answer of S3's.
    if (text) throw new Error(`<${tag.name}> inside <${open.at(-1) ?? ''}>`);
    rootName ??= tag.name;
    open.push(tag.name);
    text = found.get(open.join('/'));
    current = '';
  };
  parser.onclosetag = () => {
    if (text) text.push(current);
    text = undefined;
    open.pop();
  };
  // An element's text may come in several parts (text, then CDATA, then text again).
  const add = (value: string) => {
    if (text) current += value;
  };
  parser.ontext = add;
  parser.oncdata = add;
  parser.write(xml).close();
  if (rootName !== root) throw new Error(`<${rootName ?? 'nothing'}> where <${root}> was expected`);
  return found;
}

const CONTENTS_KEY = 'ListBucketResult/Contents/Key';
const TRUNCATED = 'ListBucketResult/IsTruncated';
const NEXT = 'ListBucketResult/NextContinuationToken';

/** The keys of one ListObjectsV2 page and whether another follows; throws on a malformed page. */
export async function parseListing(xml: string): Promise<ListingPage> {
  const found = texts(await saxModule(), xml, 'ListBucketResult', [CONTENTS_KEY, TRUNCATED, NEXT]);
  return {
    keys: found.get(CONTENTS_KEY) ?? [],
    truncated: found.get(TRUNCATED)?.[0]?.trim() === 'true',
    next: found.get(NEXT)?.[0],
  };
}

/** The `<Code>` of an S3 error answer (`NoSuchBucket`, `AccessDenied`…), if it is one. */
export async function errorCode(xml: string): Promise<string | undefined> {
  const sax = await saxModule();
  try {
    return texts(sax, xml, 'Error', ['Error/Code']).get('Error/Code')?.[0]?.trim() || undefined;
  } catch {
    // Not XML (a proxy's HTML page, an empty body): the status says enough.
    return undefined;
  }
}
