// Client-only: the QR screens' reading of the API answers, checked before use.
import type { QrcodeDocument } from './schema.ts';

/** A circuit a code may lead to: one line of GET /api/read/circuits, as picked. */
export interface CircuitChoice {
  id: number;
  /** Its public url name (/circuit?name=). */
  name: string;
  /** What visitors read as its heading. */
  title: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const nullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** GET /api/read/qrcode's answer (one line of /api/read/qrcodes), or null when malformed. */
export function parseQrcode(body: unknown): QrcodeDocument | null {
  if (!isRecord(body)) return null;
  const { id, link, url, id_article, unformatted_name, name } = body;
  // Absent from a server older than circuits: no circuit.
  const circuit_id = body.circuit_id ?? null;
  const circuit_title = body.circuit_title ?? null;
  const circuit_name = body.circuit_name ?? null;
  const public_title = body.public_title;
  // A number only: anything else is read as no stop number.
  const stop = typeof body.stop === 'number' ? body.stop : undefined;
  // Only `true` says the address is unset; a server that does not say it has one.
  const addressUnset = body.address_unset === true;
  if (
    (public_title !== undefined && typeof public_title !== 'string') ||
    typeof id !== 'number' ||
    typeof link !== 'string' ||
    typeof url !== 'string' ||
    !(id_article === null || typeof id_article === 'number') ||
    !nullableString(unformatted_name) ||
    !nullableString(name) ||
    !(circuit_id === null || typeof circuit_id === 'number') ||
    !nullableString(circuit_title) ||
    !nullableString(circuit_name)
  ) {
    return null;
  }
  return {
    id,
    link,
    url,
    ...(addressUnset && { address_unset: true as const }),
    id_article,
    unformatted_name,
    ...(public_title !== undefined && { public_title }),
    ...(stop !== undefined && { stop }),
    name,
    circuit_id,
    circuit_title,
    circuit_name,
  };
}

/** GET /api/read/qrcodes's answer, or null when it is not a list of codes. */
export function parseQrcodes(body: unknown): QrcodeDocument[] | null {
  if (!Array.isArray(body)) return null;
  const codes: QrcodeDocument[] = [];
  for (const item of body) {
    const code = parseQrcode(item);
    if (!code) return null;
    codes.push(code);
  }
  return codes;
}

/** GET /api/read/circuits's answer as the QR picker needs it, or null when malformed. */
export function parseCircuitChoices(body: unknown): CircuitChoice[] | null {
  if (!Array.isArray(body)) return null;
  const choices: CircuitChoice[] = [];
  for (const item of body) {
    if (!isRecord(item)) return null;
    const { id, name, title } = item;
    if (typeof id !== 'number' || typeof name !== 'string' || typeof title !== 'string') {
      return null;
    }
    choices.push({ id, name, title });
  }
  return choices;
}

/** An id from the query string (a positive 32-bit integer), or null. */
export function qrcodeIdOf(param: string | null | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}

/** Lower case, without accents: 'Église' and 'eglise' match (a "contains" search). */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}
