import fs from 'node:fs';
import path from 'node:path';
import { startFakeOpenAI } from '../helpers/fake-openai.ts';
import { startServer } from '../bench/lib.ts';
import { panelArticle, publish } from '../bench/visitor.ts';
import { ensureBuilt } from '../bench/tree-screen.ts';
import { VISITOR_PAGE } from './pages.ts';

/**
 * Before `size-limit` (`npm run size`): builds the site when it is stale (with `--built`, as in
 * .ci/run right after the end-to-end run built it, uses dist as it is), and writes the visitor
 * page as a phone gets it from the real server (the bench's 25-block panel, its stored Spanish
 * translation from the fake engine, opened from a circuit) to .tmp/budgets/visitor-page.html,
 * for .size-limit.ts.
 */
const EMAIL = 'budgets@legenda.local';
const PASSWORD = 'budgets password 123';

if (!process.argv.includes('--built')) ensureBuilt();
const engine = await startFakeOpenAI();
const server = await startServer({
  OPENAI_BASE_URL: engine.url,
  OPENAI_API_KEY: 'budgets',
  // A speech engine, never called here: the page then carries the Listen block with
  // a player per block for browsers without JavaScript, its heaviest form. listen.js loads only
  // when Listen is pressed and is not counted.
  TTS_BASE_URL: engine.url,
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  NODE_ENV: 'production',
});
try {
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('legenda_session='));
  if (!login.ok || !cookie) throw new Error(`Sign-in failed: ${login.status}`);
  // The panel as a circuit's middle stop (ADR 0018): the page also carries the circuit's
  // navigation (stop n of N, previous and next), with the text size control and Listen.
  const articleIds = [];
  for (const name of ['budget-before', 'budget-panel', 'budget-after']) {
    articleIds.push(await publish(server.url, cookie, panelArticle(name)));
  }
  const circuit = await fetch(`${server.url}/api/manage/save_circuit`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'budget-tour', title: 'Le port', intro: '', articleIds }),
  });
  if (circuit.status !== 201) throw new Error(`Saving the circuit failed: ${circuit.status}`);
  const page = `${server.url}/article?name=budget-panel&circuit=budget-tour&lang=es`;
  let html = '';
  // The first request starts the translation and may be sent as it is made (no ETag); the page
  // measured is the one made once, and kept, after it is stored.
  let kept = false;
  for (let i = 0; i < 60 && !(kept && html.includes('[es] ')); i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    const response = await fetch(page, { headers: { 'accept-language': 'es' } });
    html = await response.text();
    kept = response.headers.has('etag');
  }
  if (!html.includes('[es] ')) throw new Error('The visitor page never showed its translation.');
  if (!html.includes('class="reader-nav"')) throw new Error('The page has no circuit navigation.');
  fs.mkdirSync(path.dirname(VISITOR_PAGE), { recursive: true });
  fs.writeFileSync(VISITOR_PAGE, html);
  console.log(`Visitor page written: ${html.length} characters.`);
} finally {
  await server.close();
  await engine.close();
}
