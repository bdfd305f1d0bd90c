import type { Lang, TKey } from '../i18n/index.ts';
import { useT } from '../i18n/react.ts';
import { useQueryParam } from './browser.ts';

type Props = {
  lang: Lang;
  /** Query parameter holding the id, e.g. "id" in /article?id=3. */
  param: string;
  /** Heading with an {{id}} placeholder, e.g. "Article {{id}}". */
  heading: TKey;
  /** Heading while the id is not known or missing. */
  fallback: TKey;
  /** Note shown when the parameter is missing. */
  missing: TKey;
};

/** A page heading naming the record from the query string (article and QR code shells). */
export default function QueryHeading({ lang, param, heading, fallback, missing }: Props) {
  const t = useT(lang);
  const id = useQueryParam(param);

  return (
    <>
      <h1>{id ? t(heading, { id }) : t(fallback)}</h1>
      {id === null && <p>{t(missing)}</p>}
    </>
  );
}
