import { localePath, type Lang } from '../i18n/index.ts';
import { useT } from '../i18n/react.ts';
import { useSession } from './session.ts';

/** Floating 'Book a demo' button for logged-out visitors. Goes to /contact until the booking popup exists. */
export default function BookDemo({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const session = useSession();
  if (session.status !== 'out') return null;
  return (
    <a className="book-demo" href={localePath(lang, '/contact')}>
      {t('nav.bookDemo')}
    </a>
  );
}
