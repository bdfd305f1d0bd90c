import { escapeHtml } from '../../../server/escape.ts';

/**
 * One prop of a React element as react-dom/server writes it as an HTML attribute: its name
 * (React's aliases), whether it is written at all (booleans, event handlers, unsafe names), its
 * style string and its escaping. markup.ts writes the elements around it.
 */

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
export function attribute(name: string, value: unknown): string {
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
