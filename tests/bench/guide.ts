import { runScript } from '../helpers/server.ts';
import { panelArticle, publish } from './visitor.ts';

/**
 * The guide home's bench setup: a museum whose guide address is set as the Legenda team sets
 * it (`npm run users -- museum --slug`, before the server starts: the embedded database is the
 * server's alone while it runs), then 30 panels with stop numbers and two circuits.
 */

export const GUIDE_SLUG = 'bench-museum';
export const GUIDE_PANELS = 30;

/** Makes the account and the museum's guide address in `dataDir`, before the server starts. */
export async function guideMuseum(
  dataDir: string,
  account: { email: string; password: string },
): Promise<void> {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const museum = 'Musée du banc';
  const add = await runScript(
    'src/app/cli/users.ts',
    ['add', '--email', account.email, '--museum', museum],
    env,
    `${account.password}\n`,
  );
  if (add.code !== 0) throw new Error(`npm run users -- add failed: ${add.stderr}`);
  const slug = await runScript(
    'src/app/cli/users.ts',
    ['museum', '--museum', museum, '--slug', GUIDE_SLUG],
    env,
  );
  if (slug.code !== 0) throw new Error(`npm run users -- museum failed: ${slug.stderr}`);
}

/** The museum's panels (stop numbers 1 to GUIDE_PANELS) and two circuits of them. */
export async function guideContent(url: string, cookie: string): Promise<void> {
  const ids: number[] = [];
  for (let stop = 1; stop <= GUIDE_PANELS; stop++) {
    const [head, ...blocks] = panelArticle(`bench-guide-${stop}`) as [object, ...unknown[]];
    ids.push(await publish(url, cookie, [{ ...head, stop }, ...blocks.slice(0, 3)]));
  }
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  for (const [i, part] of [ids.slice(0, 10), ids.slice(10, 20)].entries()) {
    const res = await fetch(`${url}/api/manage/save_circuit`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `bench-circuit-${i}`,
        title: `Circuit ${i + 1}`,
        intro: 'Ten panels, one after the other, in the order of the rooms.',
        articleIds: part,
      }),
    });
    if (!res.ok) throw new Error(`Saving a bench circuit failed: ${res.status}`);
  }
}
