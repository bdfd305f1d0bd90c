import type { Database } from '../../server/db/handle.ts';
import { ApiError } from '../../server/http/errors.ts';
import type { Logger } from '../../server/log.ts';
import { accountsRepo } from '../accounts/repo.ts';
import { contentSchema } from '../articles/content.ts';
import { articleTitle, instructions, type SavedArticle } from '../editor/schema.ts';
import type { EditorService } from '../editor/service.ts';
import { qrcodesRepo } from '../qrcodes/repo.ts';
import type { QrcodesService } from '../qrcodes/service.ts';
import { DEMO_CONTENT, DEMO_INSTRUCTIONS, DEMO_TITLE } from './content.ts';
import { DEMO_CODE } from './demo.ts';

export interface DemoDeps {
  db: Database;
  services: {
    /** The tree's add-an-article call (tree/service.ts), as a curator's click makes it. */
    tree: { addArticle(museumId: number, path: number[]): Promise<{ id: number }> };
    editor: EditorService;
    qrcodes: QrcodesService;
  };
}

export type DemoOutcome =
  | { kind: 'created'; articleId: number; codeId: number; name: string }
  /** The museum already has the demo code, linked: nothing to do. */
  | { kind: 'exists' }
  /** Another museum holds the demo code: no demo. */
  | { kind: 'codeTaken' };

/**
 * The demo article and its QR code DEMO_CODE in a museum, made through the same services as a
 * curator's clicks (add an article, save it, add a code, link it). Idempotent: a museum whose
 * demo code is linked gets nothing more. The article takes the url DEMO_ARTICLE_NAME, or keeps
 * the one it was made with when another article already has that url; the code leads to it
 * either way.
 */
export async function ensureDemo(deps: DemoDeps, museumId: number): Promise<DemoOutcome> {
  const { tree, editor, qrcodes } = deps.services;
  const mine = (await qrcodes.list(museumId)).find((code) => code.link === DEMO_CODE);
  if (mine && mine.id_article !== null) return { kind: 'exists' };
  let codeId = mine?.id;
  if (codeId === undefined) {
    const inserted = await qrcodesRepo(deps.db).insert(museumId, DEMO_CODE);
    if (inserted === 'taken') return { kind: 'codeTaken' };
    codeId = inserted;
  }

  const { id: articleId } = await tree.addArticle(museumId, []);
  const content = contentSchema.parse(DEMO_CONTENT);
  const input = {
    content,
    title: articleTitle.parse(DEMO_TITLE),
    instructions: instructions.parse(DEMO_INSTRUCTIONS),
  };
  let saved: SavedArticle;
  try {
    saved = await editor.update(museumId, articleId, input);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'url_taken')) throw error;
    const { name } = await editor.read(museumId, articleId);
    const [meta, ...blocks] = content;
    saved = await editor.update(museumId, articleId, {
      ...input,
      content: [{ ...meta, url: name }, ...blocks],
    });
  }
  await qrcodes.link(museumId, codeId, articleId);
  return { kind: 'created', articleId, codeId, name: saved.name };
}

/**
 * The first start's demo (src/app/main.ts), in the museum the first account was made for.
 * Never stops the start: a problem is logged and the demo skipped.
 */
export async function demoAtFirstStart(
  deps: DemoDeps & { log: Logger },
  museumName: string,
): Promise<DemoOutcome | undefined> {
  try {
    const museum = await accountsRepo(deps.db).findMuseumByName(museumName);
    if (!museum) return undefined;
    const outcome = await ensureDemo(deps, museum.id);
    if (outcome.kind === 'codeTaken') {
      deps.log.warn(`No demo article: the QR code ${DEMO_CODE} is already used by another museum.`);
    } else if (outcome.kind === 'created') {
      deps.log.info(`Demo article created: /article?name=${outcome.name}, QR code /r/${DEMO_CODE}`);
    }
    return outcome;
  } catch (error) {
    deps.log.warn(`No demo article: ${(error as Error).message}`);
    return undefined;
  }
}
