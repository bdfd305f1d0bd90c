import { createElement as h, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import {
  ALIGN,
  DEFAULT_COLOR,
  DEFAULT_FONT_SIZE,
  DEFAULT_SIZE,
  JUSTIFY,
  MEDIA_PATH,
  STYLE_MAX,
} from '../../articles/content-fields.ts';
import { italicSegments } from '../../articles/italics.ts';

/**
 * The checks ArticleView gives every value that reaches an attribute or a style: a stray value
 * falls back to the default, never becomes a script URL or a CSS injection.
 */

const COLOR = /^#[0-9a-fA-F]{6}$/;

export function color(value: unknown, fallback = DEFAULT_COLOR): string {
  return typeof value === 'string' && COLOR.test(value) ? value : fallback;
}

export function number(value: unknown, fallback: number, max = STYLE_MAX): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(Math.max(value, 1), max)
    : fallback;
}

export function justify(value: unknown): (typeof JUSTIFY)[number] {
  return (JUSTIFY as readonly unknown[]).includes(value)
    ? (value as (typeof JUSTIFY)[number])
    : 'center';
}

/**
 * The editor's 'left' and 'right' are the start and end of a line: written as `start` and `end`,
 * they follow the page's direction (a right-to-left page mirrors them); centre and justify stay.
 */
const LOGICAL_ALIGN: Record<(typeof ALIGN)[number], CSSProperties['textAlign']> = {
  left: 'start',
  center: 'center',
  justify: 'justify',
  right: 'end',
};

export function align(value: unknown): CSSProperties['textAlign'] {
  return (ALIGN as readonly unknown[]).includes(value)
    ? LOGICAL_ALIGN[value as (typeof ALIGN)[number]]
    : 'start';
}

/** A media source, only when it is one of our uploads (the schema enforces it too). */
export function media(value: unknown): string | undefined {
  return typeof value === 'string' && MEDIA_PATH.test(value) && !value.includes('..')
    ? value
    : undefined;
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** `[!` … `!]` is shown in italics; everything else stays plain text. */
export function richText(value: unknown): ReactNode[] {
  return italicSegments(text(value)).map((part) =>
    part.italic ? h('em', null, part.text) : part.text,
  );
}

interface TextStyleFields {
  fontSize?: number;
  bold?: boolean;
  italic?: boolean;
  color?: string;
}

export function textStyle(el: TextStyleFields): CSSProperties {
  // Regular weight and upright style are the stylesheet's; only departures go inline (page weight).
  const style: CSSProperties = {
    // In rem: the visitor's text size (text-size.ts) scales every block, keeping proportions.
    fontSize: `${number(el.fontSize, DEFAULT_FONT_SIZE) / 16}rem`,
    color: color(el.color),
  };
  if (el.bold === true) style.fontWeight = 700;
  if (el.italic === true) style.fontStyle = 'italic';
  return style;
}

export const percent = (value: unknown, fallback = DEFAULT_SIZE) => `${number(value, fallback)}%`;

export function row(justifyContent: unknown, child: ReactNode): ReactElement {
  return h(
    'div',
    { className: 'reader-row', style: { justifyContent: justify(justifyContent) } },
    child,
  );
}
