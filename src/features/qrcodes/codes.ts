import { customAlphabet } from 'nanoid';

/**
 * QR short codes (ADR 0006): 10 characters of nanoid's alphanumeric alphabet, 62^10 ≈ 8.4·10^17
 * possible codes. With a million live codes a guess hits one with a chance of about 1 in
 * 840 billion, and the printed address stays short, so the QR image stays coarse and easy to scan.
 * A collision is refused by the unique index on `qrcodes.link`; the service draws a new code.
 */
export const CODE_LENGTH = 10;
export const CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const CODE_PATTERN = /^[0-9A-Za-z]{10}$/;

export const newCode: () => string = customAlphabet(CODE_ALPHABET, CODE_LENGTH);

/** The address printed in a QR code. */
export function shortUrl(publicSiteUrl: string, link: string): string {
  return `${publicSiteUrl.replace(/\/+$/, '')}/r/${link}`;
}
