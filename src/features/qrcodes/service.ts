import { LRUCache } from 'lru-cache';
import { ApiError, notFound } from '../../server/http/errors.ts';
import { stopEntry } from '../articles/stops.ts';
import type { Counter } from '../stats/counts.ts';
import type { Visitor } from '../stats/repeats.ts';
import { isOffered, offeredSuggestions } from '../languages/offered.ts';
import { CODE_PATTERN, newCode, shortUrl } from './codes.ts';
import type { QrcodeRow, QrcodesRepo, ScanTarget } from './repo.ts';
import type { QrcodeDocument } from './schema.ts';

/** Draws of a new code before giving up: a collision at 62^10 is already a once-in-never. */
const MAX_CODE_DRAWS = 5;

/**
 * How long a scan's answer is kept in this process. A scan is the busiest request there is (a
 * class of thirty at one panel); a second's memory spares the database without letting a
 * relinked code or a renamed url lead anywhere old for longer than that. Changes made in this
 * process clear it at once.
 */
const SCAN_MEMORY_MS = 1000;

export interface QrcodesOptions {
  publicSiteUrl: string;
  /** PUBLIC_SITE_URL is unset: publicSiteUrl is this machine's address (said on each code). */
  addressUnset?: boolean;
  counter: Counter;
  now: () => Date;
  /** Draws a short code; tests force collisions with it. */
  draw?: () => string;
}

/** A code as the API shows it, with its full short url on the public site. */
const qrcodeDocument = (
  row: QrcodeRow,
  options: Pick<QrcodesOptions, 'publicSiteUrl' | 'addressUnset'>,
): QrcodeDocument => ({
  id: row.id,
  link: row.link,
  url: shortUrl(options.publicSiteUrl, row.link),
  ...(options.addressUnset && { address_unset: true as const }),
  id_article: row.articleId,
  unformatted_name: row.title,
  ...(row.publicTitle && { public_title: row.publicTitle }),
  ...stopEntry(row.stop),
  name: row.name,
  circuit_id: row.circuitId,
  circuit_title: row.circuitTitle,
  circuit_name: row.circuitName,
});

export function qrcodesService(repo: QrcodesRepo, options: QrcodesOptions) {
  const document = (row: QrcodeRow) => qrcodeDocument(row, options);
  // A code with no article is remembered too (as 'none'), so a flood of scans of a free or
  // unknown code does not reach the database either.
  const targets = new LRUCache<string, ScanTarget | 'none'>({ max: 10_000, ttl: SCAN_MEMORY_MS });

  return {
    async list(museumId: number): Promise<QrcodeDocument[]> {
      return (await repo.list(museumId)).map(document);
    },

    async read(museumId: number, id: number): Promise<QrcodeDocument> {
      const row = await repo.find(museumId, id);
      if (!row) throw notFound('No such QR code in your museum.');
      return document(row);
    },

    /** A new free code with a fresh, unguessable short link. */
    async add(museumId: number): Promise<QrcodeDocument> {
      for (let draw = 0; draw < MAX_CODE_DRAWS; draw++) {
        const id = await repo.insert(museumId, (options.draw ?? newCode)());
        if (id !== 'taken') return this.read(museumId, id);
      }
      throw new ApiError(500, 'no_free_code', 'No free short code was found; try again.');
    },

    /** Links a code to one of the museum's articles (the code becomes active). */
    async link(museumId: number, id: number, articleId: number): Promise<QrcodeDocument> {
      const result = await repo.link(museumId, id, articleId);
      if (result === 'no_code') throw notFound('No such QR code in your museum.');
      if (result === 'no_article') throw notFound('No such article in your museum.');
      targets.clear();
      return this.read(museumId, id);
    },

    /** Links a code to one of the museum's circuits; its article link is freed. */
    async linkCircuit(museumId: number, id: number, circuitId: number): Promise<QrcodeDocument> {
      const result = await repo.linkCircuit(museumId, id, circuitId);
      if (result === 'no_code') throw notFound('No such QR code in your museum.');
      if (result === 'no_circuit') throw notFound('No such circuit in your museum.');
      targets.clear();
      return this.read(museumId, id);
    },

    /**
     * A scan (ADR 0006): where the code leads now, counted in the browser's preferred language
     * among those we translate into (else the museum's own). Undefined: unknown or free code,
     * counted nothing. `count` false: a HEAD request (a link preview), not a visitor. `visitor`:
     * who scanned, so that a rescan within the window counts once (stats/repeats.ts).
     */
    async scan(
      link: string,
      acceptLanguage: string | undefined,
      count = true,
      visitor?: Visitor,
      /** The language the visitor chose before (reader/language-cookie.ts): opened directly. */
      remembered?: string,
    ): Promise<string | undefined> {
      if (!CODE_PATTERN.test(link)) return undefined;
      let target = targets.get(link);
      if (target === undefined) {
        target = (await repo.target(link)) ?? 'none';
        targets.set(link, target);
      }
      if (target === 'none') return undefined;
      // A language chosen at another museum that this one does not offer: its picker instead.
      const { visitorLanguages: offered, language: source } = target;
      if (remembered && !isOffered(remembered, offered, source)) remembered = undefined;
      if (count) {
        await options.counter.add(
          {
            museumId: target.museumId,
            timeZone: target.timeZone,
            // A circuit's scan is counted like an article's, as the circuit's (ADR 0018).
            ...(target.circuit
              ? { articleId: 0, circuitId: target.articleId }
              : { articleId: target.articleId }),
            language: remembered ?? offeredSuggestions(acceptLanguage, offered, 1)[0] ?? source,
            kind: 'scan',
            at: options.now(),
          },
          visitor,
        );
      }
      const page = `${target.circuit ? '/circuit' : '/article'}?name=${encodeURIComponent(target.name)}`;
      return remembered ? `${page}&lang=${encodeURIComponent(remembered)}` : page;
    },

    /** Forgets where codes lead: an article's url or existence changed in this process. */
    forgetTargets(): void {
      targets.clear();
    },
  };
}

export type QrcodesService = ReturnType<typeof qrcodesService>;
