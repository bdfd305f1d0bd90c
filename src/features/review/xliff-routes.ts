import { Hono } from 'hono';
import type { AppDeps } from '../../server/context.ts';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { readUpload } from '../../server/http/upload.ts';
import { editorRepo } from '../articles/repo.ts';
import { itemId } from '../articles/ids.ts';
import { supportedLanguage } from '../languages/catalogue.ts';
import type { ReviewService } from './service.ts';
import { decodeXliff, parseXliff } from './xliff-read.ts';
import { xliffService } from './xliff-service.ts';

/** The largest XLIFF file taken (a 300-block article in every language is far less). */
export const MAX_XLIFF_BYTES = 5 * 1024 * 1024;
/** Languages one export may name (lang=es,de,…). */
const MAX_LANGUAGES = 200;

const tooLarge = () =>
  new ApiError(413, 'payload_too_large', 'XLIFF files may be at most 5 MB.', {
    details: { maxBytes: MAX_XLIFF_BYTES },
  });

const badQuery = (field: 'articleId' | 'lang', message: string) =>
  new ApiError(422, 'invalid_query', message, { details: { field } });

/** `lang`: one code, several separated by commas, or none / `all` (null: every language read). */
function languagesOf(param: string | undefined): string[] | null {
  if (param === undefined || param.trim() === '' || param.trim().toLowerCase() === 'all') {
    return null;
  }
  const codes = param.split(',').map((code) => code.trim());
  if (codes.length > MAX_LANGUAGES) {
    throw badQuery('lang', `lang may name at most ${MAX_LANGUAGES} languages.`);
  }
  const langs = codes.map((code) => {
    const known = code.length <= 35 ? supportedLanguage(code) : undefined;
    if (!known) {
      throw badQuery(
        'lang',
        'lang must be a language Legenda offers (such as es or zh-Hans), several separated by commas, or all.',
      );
    }
    return known;
  });
  return [...new Set(langs)];
}

/**
 * XLIFF with human translators (ADR 0014), under /api (StaffEnv: behind the session middleware): GET
 * /export/xliff?articleId={id}&lang={code|a,b|all} and POST /upload/xliff (multipart, the file in
 * the field `xliff`). Mounted before the uploads' /upload/:kind, so this route answers.
 */
export function xliffRoutes(review: ReviewService, deps: Pick<AppDeps, 'db' | 'blobs'>) {
  const app = new Hono<StaffEnv>();
  const xliff = xliffService({
    review,
    articles: editorRepo(deps.db),
    db: deps.db,
    blobs: deps.blobs,
  });

  app.get('/export/xliff', async (c) => {
    const articleId = itemId.safeParse(c.req.query('articleId'));
    if (!articleId.success) throw badQuery('articleId', 'articleId must be the id of an article.');
    const langs = languagesOf(c.req.query('lang'));
    const { filename, body } = await xliff.exportXliff(museum(c), articleId.data, langs);
    return c.body(body, 200, {
      'Content-Type': 'application/x-xliff+xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.post('/upload/xliff', async (c) => {
    const { file } = await readUpload(c, 'xliff', MAX_XLIFF_BYTES, {
      sendAs: 'Send the XLIFF file as multipart/form-data, in the field xliff.',
      tooLarge,
      missing: () =>
        new ApiError(422, 'invalid_body', 'Send the XLIFF file in a form field named xliff.', {
          details: { field: 'xliff' },
        }),
      empty: () => new ApiError(422, 'empty_file', 'The XLIFF file is empty.'),
    });
    const text = decodeXliff(new Uint8Array(await file.arrayBuffer()));
    return c.json(await xliff.importXliff(c.get('user'), parseXliff(text)));
  });

  return app;
}
