import { createElement, memo, useMemo, type ReactElement, type ReactNode } from 'react';
import type { AccordionElement, ArticleContent, Block } from '../../articles/content.ts';
import {
  backgroundOf,
  DEFAULT_BACKGROUND,
  DEFAULT_SPACE,
  isSafeLink,
  SPACE_MAX,
} from '../../articles/content-fields.ts';
import {
  AudioView,
  ImageView,
  LegendView,
  LinkView,
  TextView,
  VideoView,
  type AudioWords,
  type Track,
} from './block-views.ts';
import { color, media, number, percent, richText, row, textStyle } from './view-values.ts';

/**
 * The article as a visitor sees it: one component for the editor's phone
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
  /**
   * The words around a sound, in the visitor's language (block-views.ts AudioWords).
   * Default: the recording in `subtitles.lang` (else `lang`), unnamed, and 'Transcript'.
   */
  audio?: AudioWords;
  /** A bar above the blocks (the visitor page's translation note); nothing in the preview. */
  notice?: ReactNode;
  /** Shown in place of the blocks when the article has none (the visitor page's sentence). */
  empty?: ReactNode;
  /** Words for screen readers before the language label ('Change language'), visually hidden. */
  languageAction?: ReactNode;
  /** The visitor page's A− and A+ (page.ts), in the footer; none in the editor's preview. */
  textControls?: ReactNode;
  /** Below the blocks, above the footer: a circuit's 'stop n of N', previous and next. */
  after?: ReactNode;
  /** Above the blocks: the article's public title (the visitor page's h1), when it has one. */
  heading?: ReactNode;
}

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const untitledSection = (lang: string) => (lang.startsWith('fr') ? 'Détails' : 'Details');
const transcriptWord = (lang: string) => (lang.startsWith('fr') ? 'Transcription' : 'Transcript');

function AccordionView(
  el: AccordionElement,
  lang: string,
  track: Track,
  audio: AudioWords,
): ReactElement {
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
        details.map((detail, i) => h(BlockView, { key: i, block: detail, lang, track, audio })),
      ),
    ),
  );
}

interface BlockViewProps {
  block: unknown;
  lang: string;
  track: Track;
  audio: AudioWords;
  /** The article's first image, which loads at once (picture.ts); the others wait. */
  first?: boolean;
}

const IMAGE_BLOCKS: ReadonlySet<unknown> = new Set(['image', 'link', 'legendItem']);

/** The content index of the article's first block showing an image, or -1. */
function firstImage(items: readonly unknown[]): number {
  return items.findIndex(
    (item, i) =>
      i > 0 &&
      typeof item === 'object' &&
      item !== null &&
      IMAGE_BLOCKS.has((item as { type?: unknown }).type) &&
      media((item as { src?: unknown }).src) !== undefined,
  );
}

/**
 * One block (or accordion detail). Memoised: the editor updates content immutably, so a block
 * whose object did not change is skipped when the preview re-renders on a keystroke.
 */
const BlockView = memo(function BlockView({ block, lang, track, audio, first }: BlockViewProps) {
  if (typeof block !== 'object' || block === null) return null;
  const el = block as Block;
  switch (el.type) {
    case 'text':
      return TextView(el);
    case 'link':
      return LinkView(el, first);
    case 'image':
      return ImageView(el, first);
    case 'video':
      return VideoView(el, track);
    case 'space':
      return h('div', {
        className: 'reader-space',
        'aria-hidden': true,
        style: { height: number(el.size, DEFAULT_SPACE, SPACE_MAX) },
      });
    case 'legendItem':
      return LegendView(el, first);
    case 'accordion':
      return AccordionView(el, lang, track, audio);
    case 'audio':
      return AudioView(el, audio);
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

type TrackProps = Pick<ArticleViewProps, 'lang' | 'languageLabel' | 'subtitles'>;

/** The subtitles' language and name: the museum's when given, else the page's. */
const trackOf = (props: TrackProps): Track => ({
  lang: props.subtitles?.lang ?? props.lang ?? 'fr',
  label: props.subtitles?.label ?? props.languageLabel,
});

/** The words around a sound: given by the visitor page, else the recording's, unnamed. */
const audioOf = (props: TrackProps & Pick<ArticleViewProps, 'audio'>): AudioWords => {
  const lang = props.lang ?? 'fr';
  return (
    props.audio ?? {
      lang: props.subtitles?.lang ?? lang,
      language: '',
      transcript: transcriptWord(lang),
    }
  );
};

/**
 * The blocks at content indexes `from` to `to` as ArticleView draws them (the same component, so
 * the same markup): the visitor page sends a first translation's blocks as they are translated
 * (page-parts.ts renderArticleParts).
 */
export function articleBlocks(
  props: Pick<ArticleViewProps, 'content' | 'lang' | 'languageLabel' | 'subtitles' | 'audio'>,
  from: number,
  to: number,
): ReactNode[] {
  return blockElements(props.content, props.lang ?? 'fr', trackOf(props), audioOf(props), from, to);
}

function blockElements(
  content: ArticleViewProps['content'],
  lang: string,
  track: Track,
  audio: AudioWords,
  from: number,
  to: number,
): ReactNode[] {
  const items = content as readonly unknown[];
  const first = firstImage(items);
  const blocks: ReactNode[] = [];
  for (let i = Math.max(1, from); i <= Math.min(to, items.length - 1); i++) {
    blocks.push(h(BlockView, { key: i, block: items[i], lang, track, audio, first: i === first }));
  }
  return blocks;
}

/** The editor's preview: ArticleView as a component, its blocks' shared props kept between renders. */
export function ArticleView(props: ArticleViewProps): ReactElement {
  const { subtitles, lang, languageLabel } = props;
  // One object for every block: BlockView is memoised on its props.
  const track = useMemo(
    () => trackOf({ subtitles, lang, languageLabel }),
    [subtitles?.lang, subtitles?.label, lang, languageLabel],
  );
  const given = props.audio;
  const audio = useMemo(
    () => audioOf({ audio: given, subtitles, lang, languageLabel }),
    [given, subtitles?.lang, lang],
  );
  return articleElement(props, track, audio);
}

/**
 * The article as elements, without hooks: the visitor page writes it out on the server
 * (markup.ts), which calls no component through React.
 */
export function articleElement(
  props: ArticleViewProps,
  track = trackOf(props),
  audio = audioOf(props),
): ReactElement {
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
  const blocks = blockElements(content, lang, track, audio, 1, items.length - 1);
  const action = props.languageAction ?? null;
  return h(
    'div',
    { className: 'reader', style: { backgroundColor: background } },
    props.notice ?? null,
    props.heading ?? null,
    h('div', { className: 'reader-blocks' }, blocks.length === 0 ? (props.empty ?? null) : blocks),
    props.after ?? null,
    h(
      'footer',
      { className: 'reader-footer' },
      h('span', { className: 'reader-product' }, productName),
      props.textControls ?? null,
      href === undefined
        ? h('button', { type: 'button', className: 'reader-language' }, action, languageLabel)
        : h('a', { className: 'reader-language', href }, action, languageLabel),
    ),
  );
}
