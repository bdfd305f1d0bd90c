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

const NEEDS_ESCAPE = /[&<>"']/;

/** React's escaping of text and attribute values, to the byte. */
export function escapeHtml(value: string): string {
  // Most text has nothing to escape: answered as it is, with no new string.
  return NEEDS_ESCAPE.test(value) ? value.replace(/[&<>"']/g, (c) => ESCAPED[c]!) : value;
}

const SAFE_NAME = /^[a-zA-Z:_][a-zA-Z0-9:_.-]*$/;

/** How a prop is written, worked out once per prop name (pages repeat the same few dozen). */
type Kind =
  | { kind: 'skip' }
  | { kind: 'style' }
  | { kind: 'boolean' | 'booleanish' | 'url' | 'overloaded' | 'positive'; attr: string }
  | { kind: 'plain'; attr: string; ariaOrData: boolean };

const kinds = new Map<string, Kind>();

function kindOf(name: string): Kind {
  let kind = kinds.get(name);
  if (kind) return kind;
  const attr = ALIAS[name] ?? name;
  if (SKIPPED.has(name) || /^on./i.test(name) || !SAFE_NAME.test(attr)) kind = { kind: 'skip' };
  else if (name === 'style') kind = { kind: 'style' };
  else if (BOOLEAN.has(name)) kind = { kind: 'boolean', attr };
  else if (BOOLEANISH.has(name)) kind = { kind: 'booleanish', attr };
  else if (name === 'src' || name === 'href') kind = { kind: 'url', attr };
  else if (name === 'download' || name === 'capture') kind = { kind: 'overloaded', attr };
  else if (name === 'cols' || name === 'rows' || name === 'size' || name === 'span') {
    kind = { kind: 'positive', attr };
  } else {
    const prefix = attr.slice(0, 5).toLowerCase();
    kind = { kind: 'plain', attr, ariaOrData: prefix === 'data-' || prefix === 'aria-' };
  }
  kinds.set(name, kind);
  return kind;
}

/** CSS property names of style keys (`backgroundColor` → `background-color`), once each. */
const properties = new Map<string, string>();

function propertyOf(name: string): string {
  let property = properties.get(name);
  if (property === undefined) {
    property = name.startsWith('--')
      ? escapeHtml(name)
      : escapeHtml(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^ms-/, '-ms-'));
    properties.set(name, property);
  }
  return property;
}

function styleText(style: unknown): string {
  if (typeof style !== 'object' || style === null) return '';
  let out = '';
  for (const name in style) {
    const value: unknown = (style as Record<string, unknown>)[name];
    if (value == null || typeof value === 'boolean' || value === '') continue;
    const text =
      typeof value === 'number' && !name.startsWith('--')
        ? value !== 0 && !UNITLESS.has(name)
          ? `${value}px`
          : String(value)
        : escapeHtml(String(value).trim());
    out += `${out === '' ? '' : ';'}${propertyOf(name)}:${text}`;
  }
  return out === '' ? '' : ` style="${out}"`;
}

/** One prop as React writes it, or '' when React leaves it out. */
function attribute(name: string, value: unknown): string {
  if (value == null || typeof value === 'function' || typeof value === 'symbol') return '';
  const kind = kindOf(name);
  switch (kind.kind) {
    case 'skip':
      return '';
    case 'style':
      return styleText(value);
    case 'boolean':
      return value ? ` ${kind.attr}=""` : '';
    case 'booleanish':
      return ` ${kind.attr}="${escapeHtml(String(value))}"`;
    case 'url':
      return value === '' || typeof value === 'boolean'
        ? ''
        : ` ${kind.attr}="${escapeHtml(String(value))}"`;
    case 'overloaded':
      if (value === true) return ` ${kind.attr}=""`;
      return value === false ? '' : ` ${kind.attr}="${escapeHtml(String(value))}"`;
    case 'positive':
      return Number(value) >= 1 ? ` ${kind.attr}="${escapeHtml(String(value))}"` : '';
    case 'plain':
      if (typeof value === 'boolean' && !kind.ariaOrData) return '';
      return ` ${kind.attr}="${escapeHtml(String(value))}"`;
  }
}

/**
 * An <input>'s or a <button>'s attributes in React's order: the others first, then `name`,
 * then (inputs) `checked` and `value`, from their controlled or default props.
 */
function formControlAttributes(tag: string, props: Record<string, unknown>): string {
  let out = '';
  for (const name in props) {
    if (name === 'name' || (tag === 'input' && (name === 'checked' || name === 'value'))) continue;
    out += attribute(name, props[name]);
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
  for (const name in props) {
    if (!FORM_LAST.includes(name)) out += attribute(name, props[name]);
  }
  return out + FORM_LAST.map((name) => attribute(name, props[name])).join('');
}

function attributes(tag: string, props: Record<string, unknown>, selected: unknown): string {
  if (tag === 'input' || tag === 'button') return formControlAttributes(tag, props);
  if (tag === 'form') return formAttributes(props);
  let out = '';
  for (const name in props) {
    if (tag === 'select' && name === 'value') continue;
    if (tag === 'option' && name === 'selected') continue;
    out += attribute(name, props[name]);
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
  if (Array.isArray(node)) {
    let out = '';
    for (const child of node as ReactNode[]) out += markup(child);
    return out;
  }
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
