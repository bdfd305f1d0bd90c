// The QR screens' API calls: answers read by qrApi.ts (checked, and completed for a server that
// predates circuits), bodies typed by the zod schema the server route parses. Types only: zod
// stays out of the browser bundle.
import type { z } from 'zod';
import { postRoute, readRoute } from '../../ui/api.ts';
import { parseCircuitChoices, parseQrcode, parseQrcodes } from './qrApi.ts';
import type { QrcodeDocument } from './schema.ts';
import type { updateQrcodeSchema } from './schema.ts';

/** GET /api/read/qrcodes: every code of the museum. */
export const qrcodesRoute = readRoute('/api/read/qrcodes', parseQrcodes);

/** GET /api/read/qrcode: one code. */
export const qrcodeRoute = (qrcodeId: number) =>
  readRoute(`/api/read/qrcode?qrcodeId=${qrcodeId}`, parseQrcode);

/** GET /api/read/circuits, as the QR detail's circuit picker needs it. */
export const circuitChoicesRoute = readRoute('/api/read/circuits', parseCircuitChoices);

/** A new free code. */
export const addQrcode = postRoute<Record<string, never>, QrcodeDocument>(
  '/api/manage/add_qrcode',
  (body) => parseQrcode(body) !== null,
);

export const updateQrcode = postRoute<z.input<typeof updateQrcodeSchema>, unknown>(
  '/api/manage/update_qrcode',
);
