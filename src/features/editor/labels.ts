import type { TFn } from '../../i18n/react.ts';
import { isBlockType } from '../articles/content.ts';

/** The translated name of an element type; an unknown type shows as is. */
export function typeLabel(t: TFn, type: string | undefined): string {
  if (type === undefined) return '';
  return isBlockType(type) ? t(`editor.types.${type}`) : type;
}
