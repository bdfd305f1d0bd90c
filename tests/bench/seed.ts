/**
 * Builds a museum through the real API, as staff would: 500 folders nested 6 deep and 5,000
 * titled articles, a fifth of them in one folder (the largest, for the tree screen timing).
 */
export interface MuseumShape {
  folders: number;
  articles: number;
  depth: number;
  largest: { path: number[]; articles: number };
}

const FOLDERS = 500;
const DEPTH = 6;
const ARTICLES = 5000;
const IN_LARGEST = 1000;
const PARALLEL = 8;

async function post<T>(url: string, cookie: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs `work` for 0..count-1, `PARALLEL` at a time. */
async function pool(count: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export async function seedMuseum(url: string, cookie: string): Promise<MuseumShape> {
  // Folder i sits at depth i % 6, under the last folder made one level up: chains 6 deep.
  const paths: number[][] = [];
  const lastAtDepth: number[][] = [];
  for (let i = 0; i < FOLDERS; i++) {
    const depth = i % DEPTH;
    const parentPath = depth === 0 ? [] : lastAtDepth[depth - 1]!;
    const { id } = await post<{ id: number }>(url, cookie, '/api/manage/add_folder', {
      pathArray: parentPath,
      id: `Salle ${i + 1}`,
    });
    const path = [...parentPath, id];
    paths.push(path);
    lastAtDepth[depth] = path;
  }
  const largest = paths[DEPTH - 1]!;
  let inLargest = 0;
  await pool(ARTICLES, async (i) => {
    const where = i < IN_LARGEST ? largest : paths[i % FOLDERS]!;
    if (where === largest) inLargest++;
    const { id } = await post<{ id: number }>(url, cookie, '/api/manage/add_article', {
      pathArray: where,
    });
    await post(url, cookie, '/api/manage/rename_article', {
      articleId: id,
      newName: `Œuvre ${i + 1} — amphore, vase ou statuette`,
    });
  });
  return {
    folders: FOLDERS,
    articles: ARTICLES,
    depth: DEPTH,
    largest: { path: largest, articles: inLargest },
  };
}
