import { localePath, type Lang } from '../i18n/paths.ts';
import { useT } from '../i18n/react.ts';
import BookDemo, { ScriptedBookDemo } from './BookDemo.tsx';
import LangSwitcher from './LangSwitcher.tsx';
import Logo from './Logo.tsx';
import LogoutButton, { ScriptedLogoutButton } from './LogoutButton.tsx';
import MobileMenu from './MobileMenu.tsx';
import type { NavLink } from './nav-link.ts';
import { useSession } from './session.ts';

type Props = {
  lang: Lang;
  /** The page's route without the language prefix ("/blog"), to mark the current link. */
  current: string;
  /** The booking page 'Book a demo' opens (site.bookingUrl); without it, a link to /contact. */
  bookingUrl?: string | undefined;
  /**
   * Drawn at build time for a plain script rather than hydrated (the public pages, which load
   * no React for their top bar): Logout and the floating 'Book a demo' are both in the HTML,
   * hidden until the script's session check picks one.
   */
  scripted?: boolean;
};

/** Top navigation bar. Rendered at build time, so its links are in the HTML. */
export default function TopBar({ lang, current, bookingUrl, scripted = false }: Props) {
  const t = useT(lang);
  const session = useSession();

  const links: NavLink[] = [
    { path: '/blog', label: t('nav.blog') },
    { path: '/dashboard', label: t('nav.dashboard') },
    { path: '/contact', label: t('nav.contact') },
  ].map((link) => ({ ...link, href: localePath(lang, link.path) }));
  // The mobile menu lists Dashboard first.
  const mobileLinks = [links[1], links[0], links[2]].filter((link) => link !== undefined);

  return (
    <div className="topbar__inner">
      <a className="brand" href={localePath(lang, '/')}>
        <Logo />
        <span className="brand__name">Legenda</span>
      </a>
      <nav className="topnav" aria-label={t('nav.main')}>
        <ul>
          {links.map((link) => (
            <li key={link.path}>
              <a href={link.href} aria-current={link.path === current ? 'page' : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="topbar__actions">
        {scripted ? (
          <ScriptedLogoutButton lang={lang} />
        ) : (
          session.status === 'in' && <LogoutButton lang={lang} />
        )}
        <div className="topbar__lang">
          <LangSwitcher lang={lang} />
        </div>
        <MobileMenu lang={lang} links={mobileLinks} current={current} />
      </div>
      {/* The contact page has its own 'Book a demo' in its first column: the floating copy would
          only repeat it, and on a phone it covered the mail address below. */}
      {current !== '/contact' &&
        (scripted ? (
          <ScriptedBookDemo lang={lang} bookingUrl={bookingUrl} />
        ) : (
          <BookDemo lang={lang} bookingUrl={bookingUrl} />
        ))}
    </div>
  );
}
