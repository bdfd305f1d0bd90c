import * as z from 'zod';
import { itemId } from '../articles/ids.ts';

/** Payloads of the QR code calls, shared by the QR screens and the API. */

export const readQrcodeQuery = z.object({ qrcodeId: itemId });

/**
 * Links a code to an article (`articleId`, as the staff API has it) or to a circuit (`circuitId`),
 * never both. The original product did not guard a save with nothing chosen; we refuse it.
 */
export const updateQrcodeSchema = z
  .object({
    articleId: itemId.nullish(),
    circuitId: itemId.nullish(),
    qrcodeId: itemId,
  })
  .superRefine((body, ctx) => {
    if (body.articleId == null && body.circuitId == null)
      ctx.addIssue({ code: 'custom', path: ['articleId'], message: 'choose an article first' });
    if (body.articleId != null && body.circuitId != null)
      ctx.addIssue({
        code: 'custom',
        path: ['circuitId'],
        message: 'a code leads to an article or to a circuit, not both',
      });
  });

/** One line of GET /api/read/qrcodes, and GET /api/read/qrcode. */
export interface QrcodeDocument {
  id: number;
  /** The short code, printed as {PUBLIC_SITE_URL}/r/{link}. */
  link: string;
  /** That printed address. */
  url: string;
  /**
   * Present when PUBLIC_SITE_URL is unset: `url` is then this machine's own address
   * (http://localhost:{PORT}), which visitors' phones cannot open. The QR screens say so.
   */
  address_unset?: true;
  id_article: number | null;
  /** The linked article's title, or null when the code is free. */
  unformatted_name: string | null;
  /** The linked article's title shown to visitors; absent when it has none. */
  public_title?: string;
  /** The linked article's stop number (its published version's); absent when it has none. */
  stop?: number;
  /** The linked article's url name (the visitor page's `name`), or null. */
  name: string | null;
  /** The linked circuit (ADR 0018), or null: a code leads to an article or a circuit. */
  circuit_id: number | null;
  /** The linked circuit's title, or null. */
  circuit_title: string | null;
  /** The linked circuit's url name (/circuit?name=), or null. */
  circuit_name: string | null;
}
