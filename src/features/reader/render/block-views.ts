import { createElement, type ReactElement } from 'react';
import type {
  AudioElement,
  ImageElement,
  LegendItemElement,
  LinkElement,
  TextElement,
  VideoElement,
} from '../../articles/content.ts';
import {
  DEFAULT_LEGEND_WIDTH,
  DEFAULT_LINE_HEIGHT,
  DEFAULT_SIZE,
  isSafeLink,
} from '../../articles/content-fields.ts';
import { picture } from './picture.ts';
import {
  align,
  color,
  media,
  number,
  percent,
  richText,
  row,
  text,
  textStyle,
} from './view-values.ts';

/** The article's leaf blocks as a visitor sees them (ArticleView.ts draws the rest). */

const h = createElement;

/** The subtitles' language and its name (the museum's language, not the page's). */
export interface Track {
  lang: string;
  label: string;
}

/**
 * The words around a sound, in the visitor's language: the recording's language, named
 * ('Recording language: French'), and the transcript's summary ('Transcript').
 */
export interface AudioWords {
  /** The recording's language (the museum's), for <audio lang>; none when unknown (preview). */
  lang?: string;
  language: string;
  transcript: string;
  /** `lang` and `dir` of these words where they are not in the page's language. */
  wordsLang?: { lang?: string; dir?: 'ltr' | 'rtl' };
}

export function TextView(el: TextElement): ReactElement {
  return row(
    el.justify,
    h(
      'p',
      {
        className: 'reader-text',
        style: {
          ...textStyle(el),
          width: percent(el.size),
          lineHeight: `${number(el.lineHeight, DEFAULT_LINE_HEIGHT)}px`,
          textAlign: align(el.align),
        },
      },
      ...richText(el.content),
    ),
  );
}

/** The image's text alternative; empty marks it decorative. */
const altOf = (el: { alt?: unknown }): string => (typeof el.alt === 'string' ? el.alt : '');

/** `first`: the article's first image (picture.ts). */
export function LinkView(el: LinkElement, first = false): ReactElement {
  const href = typeof el.link === 'string' && isSafeLink(el.link) ? el.link : undefined;
  const web = href !== undefined && /^https?:/i.test(href);
  const src = media(el.src);
  const children = [
    src
      ? picture({
          className: 'reader-link-image',
          src,
          alt: altOf(el),
          share: number(el.size, DEFAULT_SIZE),
          first,
        })
      : null,
    h('span', { className: 'reader-link-text' }, ...richText(el.content)),
  ];
  const style = { ...textStyle(el), width: percent(el.size) };
  return row(
    el.justify,
    href === undefined
      ? h('div', { className: 'reader-link', style }, ...children)
      : h(
          'a',
          {
            className: 'reader-link',
            style,
            href,
            rel: 'noopener noreferrer',
            target: web ? '_blank' : undefined,
          },
          ...children,
        ),
  );
}

export function ImageView(el: ImageElement, first = false): ReactElement | null {
  const src = media(el.src);
  if (!src) return null;
  return row(
    el.justify,
    picture({
      className: 'reader-image',
      src,
      alt: altOf(el),
      style: { width: percent(el.size) },
      share: number(el.size, DEFAULT_SIZE),
      first,
    }),
  );
}

export function VideoView(el: VideoElement, track: Track): ReactElement | null {
  const src = media(el.src);
  if (!src) return null;
  const subtitles = media(el.subtitles);
  return row(
    el.justify,
    h(
      'video',
      {
        className: 'reader-video',
        controls: true,
        preload: 'metadata',
        playsInline: true,
        // A media fragment starting just after 0: phones that fetch only the metadata (Safari)
        // then still draw the first frame instead of a black box.
        src: `${src}#t=0.001`,
        style: { width: percent(el.size) },
      },
      subtitles
        ? h('track', {
            kind: 'subtitles',
            default: true,
            src: subtitles,
            srcLang: track.lang,
            label: track.label,
          })
        : null,
    ),
  );
}

export function LegendView(el: LegendItemElement, first = false): ReactElement {
  const src = media(el.src);
  return row(
    'center',
    h(
      'div',
      {
        className: 'reader-legend',
        style: {
          width: percent(el.size),
          flexDirection: el.justify === 'right' ? 'row-reverse' : 'row',
        },
      },
      src
        ? picture({
            className: 'reader-legend-image',
            src,
            alt: altOf(el),
            style: { width: percent(el.width, DEFAULT_LEGEND_WIDTH) },
            share: (number(el.size, DEFAULT_SIZE) * number(el.width, DEFAULT_LEGEND_WIDTH)) / 100,
            first,
          })
        : null,
      h('p', { className: 'reader-legend-text', style: textStyle(el) }, ...richText(el.content)),
    ),
  );
}

/**
 * A sound: the browser's own player, loading nothing before the visitor presses play
 * (preload none: a page of ten recordings costs no audio bytes), the caption above it, the
 * recording's language under it, and the transcript in a <details> (closed on every screen: a
 * <details> opens only by hand or by a script, and the page has none). Caption and transcript are
 * in the page's language; the recording keeps the museum's (`lang` on <audio>).
 */
export function AudioView(el: AudioElement, words: AudioWords): ReactElement | null {
  const src = media(el.src);
  if (!src) return null;
  const ink = { color: color(el.color) };
  const caption = text(el.caption).trim() === '' ? null : el.caption;
  const transcript = text(el.transcript).trim() === '' ? null : el.transcript;
  return row(
    el.justify,
    h(
      'figure',
      // 1rem: the visitor's text size (text-size.ts) scales the caption and the transcript.
      { className: 'reader-audio', style: { ...ink, fontSize: '1rem', width: percent(el.size) } },
      caption === null
        ? null
        : h('figcaption', { className: 'reader-audio-caption' }, ...richText(caption)),
      h('audio', { controls: true, preload: 'none', src, lang: words.lang }),
      words.language === ''
        ? null
        : h('p', { className: 'reader-audio-lang', ...words.wordsLang }, words.language),
      transcript === null
        ? null
        : h(
            'details',
            { className: 'reader-accordion' },
            h('summary', { className: 'reader-summary', ...words.wordsLang }, words.transcript),
            h('p', { className: 'reader-text reader-accordion-body' }, ...richText(transcript)),
          ),
    ),
  );
}
