import {
  createElement,
  memo,
  useMemo,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  ALIGN,
  backgroundOf,
  DEFAULT_BACKGROUND,
  DEFAULT_COLOR,
  DEFAULT_FONT_SIZE,
  DEFAULT_LEGEND_WIDTH,
  DEFAULT_LINE_HEIGHT,
  DEFAULT_SIZE,
  DEFAULT_SPACE,
  isSafeLink,
  italicSegments,
  JUSTIFY,
  MEDIA_PATH,
  SPACE_MAX,
  STYLE_MAX,
  type AccordionElement,
  type ArticleContent,
  type Block,
  type ImageElement,
  type LegendItemElement,
  type LinkElement,
  type TextElement,
  type VideoElement,
} from '../articles/content.ts';

/**
 * The article as a visitor sees it (spec 2 and 3, DESIGN 7): one component for the editor's phone
 * preview and the server-rendered visitor page. Written with createElement, not JSX, so Node can
 * import it directly (type stripping does not compile JSX). Pure: no state, no effects; accordions
 * are <details> so they open without JavaScript. Staff text is always a React text child.
 *
 * The content is trusted to have passed the schema (the editor holds parsed objects, the server
 * calls readContent), yet every value that reaches an attribute or a style is checked again here,
 * cheaply, so a stray value can never become a script URL or a CSS injection.
 */

const h = createElement;

export interface ArticleViewProps {
  content: readonly unknown[] | ArticleContent; // element 0 is metadatas (not displayed)
  /** Product name shown in the footer: 'Legenda'. */
  productName: string;
  /** Label of the footer language button, e.g. 'Français'. */
  languageLabel: string;
  /** When set, the language button is a link (visitor page); otherwise an inert <button type="button">. */
  languageHref?: string;
  /** BCP-47 language of the text. */
  lang?: string;
  /**
   * The language subtitles are written in and its name, for <track srclang label>: the
   * museum's, whatever language the page is in (a French .vtt is 'Français' on a Japanese
   * page). Default: `lang` and `languageLabel`.
   */
  subtitles?: { lang: string; label: string };
  /** A bar above the blocks (the visitor page's translation note); nothing in the preview. */
  notice?: ReactNode;
  /** Shown in place of the blocks when the article has none (the visitor page's sentence). */
  empty?: ReactNode;
  /** Words for screen readers before the language label ('Change language'), visually hidden. */
  languageAction?: ReactNode;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

function color(value: unknown, fallback = DEFAULT_COLOR): string {
  return typeof value === 'string' && COLOR.test(value) ? value : fallback;
}

function number(value: unknown, fallback: number, max = STYLE_MAX): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(Math.max(value, 1), max)
    : fallback;
}

function justify(value: unknown): (typeof JUSTIFY)[number] {
  return (JUSTIFY as readonly unknown[]).includes(value)
    ? (value as (typeof JUSTIFY)[number])
    : 'center';
}

function align(value: unknown): CSSProperties['textAlign'] {
  return (ALIGN as readonly unknown[]).includes(value)
    ? (value as CSSProperties['textAlign'])
    : 'left';
}

/** A media source, only when it is one of our uploads (the schema enforces it too). */
function media(value: unknown): string | undefined {
  return typeof value === 'string' && MEDIA_PATH.test(value) && !value.includes('..')
    ? value
    : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Spec 2: `[!` … `!]` is shown in italics; everything else stays plain text. */
function richText(value: unknown): ReactNode[] {
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

function textStyle(el: TextStyleFields): CSSProperties {
  // Regular weight and upright style are the stylesheet's; only departures go inline (page weight).
  const style: CSSProperties = {
    fontSize: number(el.fontSize, DEFAULT_FONT_SIZE),
    color: color(el.color),
  };
  if (el.bold === true) style.fontWeight = 700;
  if (el.italic === true) style.fontStyle = 'italic';
  return style;
}

const percent = (value: unknown, fallback = DEFAULT_SIZE) => `${number(value, fallback)}%`;

function row(justifyContent: unknown, child: ReactNode): ReactElement {
  return h(
    'div',
    { className: 'reader-row', style: { justifyContent: justify(justifyContent) } },
    child,
  );
}

function TextView(el: TextElement): ReactElement {
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

function LinkView(el: LinkElement): ReactElement {
  const href = typeof el.link === 'string' && isSafeLink(el.link) ? el.link : undefined;
  const web = href !== undefined && /^https?:/i.test(href);
  const src = media(el.src);
  const children = [
    src
      ? h('img', {
          className: 'reader-link-image',
          src,
          alt: altOf(el),
          loading: 'lazy',
          decoding: 'async',
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

function ImageView(el: ImageElement): ReactElement | null {
  const src = media(el.src);
  if (!src) return null;
  return row(
    el.justify,
    h('img', {
      className: 'reader-image',
      src,
      alt: altOf(el),
      loading: 'lazy',
      decoding: 'async',
      style: { width: percent(el.size) },
    }),
  );
}

function VideoView(el: VideoElement, track: Track): ReactElement | null {
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
        // then still draw the first frame instead of a black box (issue 16).
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

function LegendView(el: LegendItemElement): ReactElement {
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
        ? h('img', {
            className: 'reader-legend-image',
            src,
            alt: altOf(el),
            loading: 'lazy',
            decoding: 'async',
            style: { width: percent(el.width, DEFAULT_LEGEND_WIDTH) },
          })
        : null,
      h('p', { className: 'reader-legend-text', style: textStyle(el) }, ...richText(el.content)),
    ),
  );
}

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const untitledSection = (lang: string) => (lang.startsWith('fr') ? 'Détails' : 'Details');

function AccordionView(el: AccordionElement, lang: string, track: Track): ReactElement {
  const header: Partial<AccordionElement['header']> =
    typeof el.header === 'object' && el.header !== null ? el.header : {};
  const details: readonly unknown[] = Array.isArray(el.details) ? el.details : [];
  return row(
    header.justify,
    h(
      'details',
      { className: 'reader-accordion', style: { width: percent(header.size) } },
      h(
        'summary',
        {
          className: 'reader-summary',
          style: textStyle(header),
          // A header left empty still needs a name for screen readers.
          'aria-label': hasText(header.content) ? undefined : untitledSection(lang),
        },
        ...richText(header.content),
      ),
      h(
        'div',
        { className: 'reader-accordion-body' },
        details.map((detail, i) => h(BlockView, { key: i, block: detail, lang, track })),
      ),
    ),
  );
}

/** The subtitles' language and its name (the museum's language, not the page's). */
interface Track {
  lang: string;
  label: string;
}

interface BlockViewProps {
  block: unknown;
  lang: string;
  track: Track;
}

/**
 * One block (or accordion detail). Memoised: the editor updates content immutably, so a block
 * whose object did not change is skipped when the preview re-renders on a keystroke.
 */
const BlockView = memo(function BlockView({ block, lang, track }: BlockViewProps) {
  if (typeof block !== 'object' || block === null) return null;
  const el = block as Block;
  switch (el.type) {
    case 'text':
      return TextView(el);
    case 'link':
      return LinkView(el);
    case 'image':
      return ImageView(el);
    case 'video':
      return VideoView(el, track);
    case 'space':
      return h('div', {
        className: 'reader-space',
        'aria-hidden': true,
        style: { height: number(el.size, DEFAULT_SPACE, SPACE_MAX) },
      });
    case 'legendItem':
      return LegendView(el);
    case 'accordion':
      return AccordionView(el, lang, track);
    default:
      return null;
  }
});

/** The footer link's target: a path on this site or a web address, nothing else. */
function safeHref(href: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  return isSafeLink(href) ? href : undefined;
}

export function ArticleView(props: ArticleViewProps): ReactElement {
  const { content, productName, languageLabel } = props;
  const lang = props.lang ?? 'fr';
  const items = content as readonly unknown[];
  const background = color(
    backgroundOf(
      items.filter(
        (item): item is { backgroundColor?: string } => typeof item === 'object' && item !== null,
      ),
    ),
    DEFAULT_BACKGROUND,
  );
  const href = safeHref(props.languageHref);
  const subtitles = props.subtitles;
  // One object for every block: BlockView is memoised on its props.
  const track = useMemo(
    () => ({ lang: subtitles?.lang ?? lang, label: subtitles?.label ?? languageLabel }),
    [subtitles?.lang, subtitles?.label, lang, languageLabel],
  );
  const blocks: ReactNode[] = [];
  for (let i = 1; i < items.length; i++) {
    blocks.push(h(BlockView, { key: i, block: items[i], lang, track }));
  }
  const action = props.languageAction ?? null;
  return h(
    'div',
    { className: 'reader', style: { backgroundColor: background } },
    props.notice ?? null,
    h('div', { className: 'reader-blocks' }, blocks.length === 0 ? (props.empty ?? null) : blocks),
    h(
      'footer',
      { className: 'reader-footer' },
      h('span', { className: 'reader-product' }, productName),
      href === undefined
        ? h('button', { type: 'button', className: 'reader-language' }, action, languageLabel)
        : h('a', { className: 'reader-language', href }, action, languageLabel),
    ),
  );
}
