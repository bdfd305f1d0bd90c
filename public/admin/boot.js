/*
 * The blog CMS's page, /admin in French and /en/admin in English (index.html beside this file
 * and public/en/admin/index.html): loads Decap CMS, unless it is opened on this computer without
 * its local backend. On localhost, Decap edits the working copy's files through `npm run cms`
 * (config.yml: local_backend); with that stopped, it would try its address from the browser (a
 * refused connection in the console), then offer a Git Gateway sign-in that cannot work here.
 * So the page asks Legenda's server first (src/site/cms/local-backend.ts) and, when nothing
 * answers, shows what to run, with a button to look again.
 * Decap's Git Gateway sign-in writes its fields' placeholders in English whatever its locale:
 * they are put in the page's language, and named for screen readers (they have no label).
 * Decap's own French leaves some words in English ('Media', 'Fill in from another locale'):
 * phrases-fr.json gives them, added to its French before Decap starts (CMS_MANUAL_INIT).
 */
'use strict';

(() => {
  /** @type {{ [name: string]: string } | undefined} */
  const FIELDS = {
    fr: { email: 'Adresse e-mail', password: 'Mot de passe' },
    en: { email: 'Email', password: 'Password' },
  }[document.documentElement.lang];
  const PHRASES = { fr: '/admin/phrases-fr.json' }[document.documentElement.lang];
  const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
  const notice = /** @type {HTMLElement} */ (document.getElementById('local-backend-missing'));
  const link = /** @type {HTMLLinkElement} */ (
    document.querySelector('link[rel="cms-config-url"]')
  );
  const configUrl = link.getAttribute('href') || '';

  async function localBackendMissing() {
    if (!LOCAL_HOSTS.includes(location.hostname)) return false;
    const config = await fetch(configUrl, { cache: 'no-store' }).then((answer) => answer.text());
    if (!/^local_backend:\s*true\s*$/m.test(config)) return false;
    const answer = await fetch('/admin/local-backend', { cache: 'no-store' });
    return answer.ok && (await answer.json()).running !== true;
  }

  function nameFields() {
    const inputs = /** @type {NodeListOf<HTMLInputElement>} */ (
      document.querySelectorAll('input[name="email"], input[name="password"]')
    );
    for (const input of inputs) {
      const word = FIELDS && FIELDS[input.name];
      if (!word) continue;
      if (input.placeholder === word && input.getAttribute('aria-label') === word) continue;
      input.placeholder = word;
      input.setAttribute('aria-label', word);
    }
  }

  /**
   * `into` with `phrases` written over it, level by level (Decap's phrases are nested).
   * @param {DecapPhrases} into
   * @param {DecapPhrases} phrases
   * @returns {DecapPhrases}
   */
  function merged(into, phrases) {
    const result = { ...into };
    for (const [key, value] of Object.entries(phrases)) {
      result[key] =
        typeof value === 'object' && typeof into[key] === 'object'
          ? merged(/** @type {DecapPhrases} */ (into[key]), /** @type {DecapPhrases} */ (value))
          : value;
    }
    return result;
  }

  /** Our words for the page's language, or none (Decap's own then, English where it has none). */
  async function ownPhrases() {
    if (!PHRASES) return undefined;
    try {
      const answer = await fetch(PHRASES);
      return answer.ok ? await answer.json() : undefined;
    } catch {
      return undefined;
    }
  }

  let loaded = false;
  function loadCms() {
    if (loaded) return;
    loaded = true;
    new MutationObserver(nameFields).observe(document.body, { childList: true, subtree: true });
    const phrases = ownPhrases();
    window.CMS_MANUAL_INIT = true;
    const script = document.createElement('script');
    script.src = '/admin/decap-cms.js';
    script.addEventListener('load', async () => {
      const own = await phrases;
      const lang = document.documentElement.lang;
      const cms = window.CMS;
      if (!cms) return;
      if (own) cms.registerLocale(lang, merged(cms.getLocale(lang) ?? {}, own));
      cms.init();
    });
    document.body.append(script);
  }

  async function start() {
    let missing = false;
    try {
      missing = await localBackendMissing();
    } catch {
      // Not known: Decap then says itself what it cannot reach.
    }
    notice.hidden = !missing;
    if (!missing) loadCms();
    return missing;
  }

  const status = /** @type {HTMLElement} */ (document.getElementById('local-backend-status'));
  const retry = /** @type {HTMLElement} */ (document.getElementById('local-backend-retry'));
  retry.addEventListener('click', async () => {
    status.textContent = '';
    if (await start()) status.textContent = status.dataset.stillMissing || '';
  });
  void start();
})();
