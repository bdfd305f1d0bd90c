import type { TFn } from '../../i18n/react.ts';

/** What every per-type form gets: its element and how to change it. */
export type FormProps<E extends { type: string }> = {
  t: TFn;
  element: E;
  update: (patch: Partial<Omit<E, 'type'>>) => void;
  articleId: number;
};
