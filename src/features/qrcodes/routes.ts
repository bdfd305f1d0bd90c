import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { readJson } from '../../server/http/json-body.ts';
import { readQrcodeQuery, updateQrcodeSchema } from './schema.ts';
import type { QrcodesService } from './service.ts';

/** The QR code staff calls, under /api (StaffEnv: behind the session middleware). */
export function qrcodeRoutes(qrcodes: QrcodesService) {
  const app = new Hono<StaffEnv>();

  app.get('/read/qrcodes', async (c) => c.json(await qrcodes.list(museum(c))));

  app.get('/read/qrcode', async (c) => {
    const query = readQrcodeQuery.safeParse({ qrcodeId: c.req.query('qrcodeId') });
    if (!query.success) {
      throw new ApiError(422, 'invalid_query', 'qrcodeId must be the id of a QR code.');
    }
    return c.json(await qrcodes.read(museum(c), query.data.qrcodeId));
  });

  // add_qrcode takes no body. The origin check has already refused cross-site calls.
  app.post('/manage/add_qrcode', async (c) => c.json(await qrcodes.add(museum(c)), 201));

  app.post('/manage/update_qrcode', async (c) => {
    const { qrcodeId, articleId, circuitId } = await readJson(c, updateQrcodeSchema);
    // The schema lets exactly one of the two through.
    if (circuitId != null) return c.json(await qrcodes.linkCircuit(museum(c), qrcodeId, circuitId));
    return c.json(await qrcodes.link(museum(c), qrcodeId, articleId!));
  });

  return app;
}
