import type { ReactNode } from 'react';

/**
 * React elements written out as HTML, the way react-dom/server's renderToStaticMarkup writes
 * them, for the few elements and attributes visitor pages use. The visitor pages keep React's
 * createElement (one ArticleView draws the editor's preview and the visitor's page), but not
 * react-dom's server renderer: 1.4 MB of code a visitor's function would load for every cold
 * start (docs/adr/0032-a-light-visitor-function.md). markup.test.ts renders every kind of
 * visitor page with both and compares them, byte for byte.
 *
 * The one difference on purpose: React also writes a `<link rel="preload" as="image">` into the
 * head for each plain <img>; our pages' only such image is their count request, which gains
 * nothing from a preload.
 */

const TRANSITIONAL_ELEMENT = Symbol.for('react.transitional.element');
const LEGACY_ELEMENT = Symbol.for('react.element');
const FRAGMENT = Symbol.for('react.fragment');
const MEMO = Symbol.for('react.memo');

interface Element {
  $$typeof: symbol;
  type: unknown;
  props: Record<string, unknown>;
}

type Component = (props: Record<string, unknown>) => ReactNode;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Written `name=""` when true, left out when false (React's boolean attributes). */
const BOOLEAN = new Set([
  'allowFullScreen',
  'async',
  'autoPlay',
  'controls',
  'default',
  'defer',
  'disabled',
  'disablePictureInPicture',
  'disableRemotePlayback',
  'formNoValidate',
  'hidden',
  'loop',
  'noModule',
  'noValidate',
  'open',
  'playsInline',
  'readOnly',
  'required',
  'reversed',
  'scoped',
  'seamless',
  'itemScope',
]);

/** Written as the string of their value, `true` and `false` included. */
const BOOLEANISH = new Set(['contentEditable', 'spellCheck', 'draggable', 'value']);

/** Props React names differently from their HTML attribute. */
const ALIAS: Readonly<Record<string, string>> = {
  className: 'class',
  htmlFor: 'for',
  httpEquiv: 'http-equiv',
  acceptCharset: 'accept-charset',
};

/** Props that are never attributes. */
const SKIPPED = new Set([
  'children',
  'dangerouslySetInnerHTML',
  'defaultValue',
  'defaultChecked',
  'innerHTML',
  'suppressContentEditableWarning',
  'suppressHydrationWarning',
  'ref',
  'key',
]);

/** CSS properties whose numbers take no `px` (React's list, the ones a page may use). */
const UNITLESS = new Set([
  'animationIterationCount',
  'aspectRatio',
  'columnCount',
  'columns',
  'flex',
  'flexGrow',
  'flexShrink',
  'fontWeight',
  'gridColumn',
  'gridRow',
  'lineClamp',
  'lineHeight',
  'opacity',
  'order',
  'orphans',
  'scale',
  'tabSize',
  'widows',
  'zIndex',
  'zoom',
]);

const ESCAPED: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** React's escaping of text and attribute values, to the byte. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPED[c]!);

const SAFE_NAME = /^[a-zA-Z:_][a-zA-Z0-9:_.-]*$/;

function styleText(style: unknown): string {
  if (typeof style !== 'object' || style === null) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(style)) {
    if (value == null || typeof value === 'boolean' || value === '') continue;
    if (name.startsWith('--')) {
      parts.push(`${escapeHtml(name)}:${escapeHtml(String(value).trim())}`);
      continue;
    }
    const property = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^ms-/, '-ms-');
    const text =
      typeof value === 'number'
        ? value !== 0 && !UNITLESS.has(name)
          ? `${value}px`
          : String(value)
        : escapeHtml(String(value).trim());
    parts.push(`${escapeHtml(property)}:${text}`);
  }
  return parts.length === 0 ? '' : ` style="${parts.join(';')}"`;
}

/** One prop as React writes it, or '' when React leaves it out. */
function attribute(name: string, value: unknown): string {
  if (value == null || SKIPPED.has(name) || typeof value === 'function') return '';
  if (typeof value === 'symbol') return '';
  if (name === 'style') return styleText(value);
  if (BOOLEAN.has(name)) return value ? ` ${name}=""` : '';
  if (BOOLEANISH.has(name)) return ` ${name}="${escapeHtml(String(value))}"`;
  if ((name === 'src' || name === 'href') && value === '') return '';
  if (name === 'download' || name === 'capture') {
    if (value === true) return ` ${name}=""`;
    return value === false ? '' : ` ${name}="${escapeHtml(String(value))}"`;
  }
  if (name === 'cols' || name === 'rows' || name === 'size' || name === 'span') {
    return Number(value) >= 1 ? ` ${name}="${escapeHtml(String(value))}"` : '';
  }
  // Event handlers never reach markup.
  if (/^on./i.test(name)) return '';
  const attr = ALIAS[name] ?? name;
  if (!SAFE_NAME.test(attr)) return '';
  if (typeof value === 'boolean') {
    const prefix = attr.slice(0, 5).toLowerCase();
    if (prefix !== 'data-' && prefix !== 'aria-') return '';
  }
  return ` ${attr}="${escapeHtml(String(value))}"`;
}

/**
 * An <input>'s or a <button>'s attributes in React's order: the others first, then `name`,
 * then (inputs) `checked` and `value`, from their controlled or default props.
 */
function formControlAttributes(tag: string, props: Record<string, unknown>): string {
  let out = '';
  for (const [name, value] of Object.entries(props)) {
    if (name === 'name' || (tag === 'input' && (name === 'checked' || name === 'value'))) continue;
    out += attribute(name, value);
  }
  out += attribute('name', props.name);
  if (tag !== 'input') return out;
  if (props.checked ?? props.defaultChecked) out += ' checked=""';
  return out + attribute('value', props.value ?? props.defaultValue);
}

/** A <form>'s attributes in React's order: the others first, then where and how it posts. */
const FORM_LAST = ['action', 'encType', 'method', 'target'];

function formAttributes(props: Record<string, unknown>): string {
  let out = '';
  for (const [name, value] of Object.entries(props)) {
    if (!FORM_LAST.includes(name)) out += attribute(name, value);
  }
  return out + FORM_LAST.map((name) => attribute(name, props[name])).join('');
}

function attributes(tag: string, props: Record<string, unknown>, selected: unknown): string {
  if (tag === 'input' || tag === 'button') return formControlAttributes(tag, props);
  if (tag === 'form') return formAttributes(props);
  let out = '';
  for (const [name, value] of Object.entries(props)) {
    if (tag === 'select' && name === 'value') continue;
    if (tag === 'option' && name === 'selected') continue;
    out += attribute(name, value);
  }
  if (tag === 'option') {
    const chosen =
      props.selected === true ||
      (selected !== undefined && String(props.value ?? '') === String(selected));
    if (chosen) out += ' selected=""';
  }
  return out;
}

function isElement(node: unknown): node is Element {
  if (typeof node !== 'object' || node === null) return false;
  const kind = (node as { $$typeof?: unknown }).$$typeof;
  return kind === TRANSITIONAL_ELEMENT || kind === LEGACY_ELEMENT;
}

/** The value a <select> marks its options by, while its options are written. */
let selectValue: unknown;

function hostElement(tag: string, props: Record<string, unknown>): string {
  const open = `<${tag}${attributes(tag, props, selectValue)}`;
  if (VOID.has(tag)) return `${open}/>`;
  const inner = props.dangerouslySetInnerHTML as { __html?: unknown } | undefined;
  if (inner && inner.__html != null) return `${open}>${String(inner.__html)}</${tag}>`;
  if (tag === 'textarea') {
    const value = props.value ?? props.defaultValue ?? props.children;
    return `${open}>${value == null ? '' : escapeHtml(String(value))}</${tag}>`;
  }
  if (tag !== 'select') return `${open}>${markup(props.children as ReactNode)}</${tag}>`;
  const outer = selectValue;
  selectValue = props.value ?? props.defaultValue;
  try {
    return `${open}>${markup(props.children as ReactNode)}</${tag}>`;
  } finally {
    selectValue = outer;
  }
}

/** The node as static HTML, as react-dom/server's renderToStaticMarkup writes it. */
export function markup(node: ReactNode): string {
  if (node == null || typeof node === 'boolean') return '';
  if (typeof node === 'string') return escapeHtml(node);
  if (typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map((child: ReactNode) => markup(child)).join('');
  if (!isElement(node)) {
    if (typeof node === 'object' && Symbol.iterator in node) {
      return markup([...(node as Iterable<ReactNode>)]);
    }
    throw new TypeError('A visitor page holds something that is not an element.');
  }
  const { type, props } = node;
  if (typeof type === 'string') return hostElement(type, props);
  if (type === FRAGMENT) return markup(props.children as ReactNode);
  if (typeof type === 'function') return markup((type as Component)(props));
  const memo = type as { $$typeof?: unknown; type?: unknown };
  if (memo.$$typeof === MEMO && typeof memo.type === 'function') {
    return markup((memo.type as Component)(props));
  }
  throw new TypeError('A visitor page holds a kind of element it cannot write.');
}
