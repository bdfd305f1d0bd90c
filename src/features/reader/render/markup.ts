import type { ReactNode } from 'react';
import { escapeHtml } from '../../../server/escape.ts';
import { attribute } from './markup-attributes.ts';

/**
 * React elements written out as HTML, the way react-dom/server's renderToStaticMarkup writes
 * them, for the few elements and attributes visitor pages use. The visitor pages keep React's
 * createElement (one ArticleView draws the editor's preview and the visitor's page), but not
 * react-dom's server renderer: 1.4 MB of code a visitor's function would load for every cold
 * start (docs/adr/0032-a-light-visitor-function.md). Every page a test writes is written by
 * react-dom too and compared byte for byte (tests/helpers/markup-cross-check.ts); markup.test.ts
 * covers what pages do not hold today.
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
  if (tag !== 'select') return `${open}>${write(props.children as ReactNode)}</${tag}>`;
  const outer = selectValue;
  selectValue = props.value ?? props.defaultValue;
  try {
    return `${open}>${write(props.children as ReactNode)}</${tag}>`;
  } finally {
    selectValue = outer;
  }
}

/**
 * What watches every page written: nothing outside tests. The tests compare each with react-dom's
 * own (tests/helpers/markup-cross-check.ts, a setup file of every Vitest run).
 */
export const markupWatch: { written?: (node: ReactNode, html: string) => void } = {};

/** The node as static HTML, as react-dom/server's renderToStaticMarkup writes it. */
export function markup(node: ReactNode): string {
  const html = write(node);
  markupWatch.written?.(node, html);
  return html;
}

function write(node: ReactNode): string {
  if (node == null || typeof node === 'boolean') return '';
  if (typeof node === 'string') return escapeHtml(node);
  if (typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) {
    let out = '';
    for (const child of node as ReactNode[]) out += write(child);
    return out;
  }
  if (!isElement(node)) {
    if (typeof node === 'object' && Symbol.iterator in node) {
      return write([...(node as Iterable<ReactNode>)]);
    }
    throw new TypeError('A visitor page holds something that is not an element.');
  }
  const { type, props } = node;
  if (typeof type === 'string') return hostElement(type, props);
  if (type === FRAGMENT) return write(props.children as ReactNode);
  if (typeof type === 'function') return write((type as Component)(props));
  const memo = type as { $$typeof?: unknown; type?: unknown };
  if (memo.$$typeof === MEMO && typeof memo.type === 'function') {
    return write((memo.type as Component)(props));
  }
  throw new TypeError('A visitor page holds a kind of element it cannot write.');
}
