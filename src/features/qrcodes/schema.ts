import { z } from 'zod';
import { itemId } from '../articles/ids.ts';

/** Payloads of the QR code calls (spec 7), shared by the QR screens and the API. */

export const readQrcodeQuery = z.object({ qrcodeId: itemId });

export const updateQrcodeSchema = z.object({
  /** The spec's original did not guard a save with no article chosen; we refuse it. */
  articleId: z
    .custom<unknown>((id) => id !== undefined && id !== null, 'choose an article first')
    .pipe(itemId),
  qrcodeId: itemId,
});

/** One line of GET /api/read/qrcodes, and GET /api/read/qrcode. */
export interface QrcodeDocument {
  id: number;
  /** The short code, printed as {PUBLIC_SITE_URL}/r/{link}. */
  link: string;
  /** That printed address. */
  url: string;
  id_article: number | null;
  /** The linked article's title, or null when the code is free. */
  unformatted_name: string | null;
  /** The linked article's url name (the visitor page's `name`), or null. */
  name: string | null;
}
