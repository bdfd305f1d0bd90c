import { chromium } from 'playwright-core';
import sharp from 'sharp';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx0 = await browser.newContext();
const login = await ctx0.request.post(base + '/login', { data: { email: 'shots@museum.example', password: 'correct-horse-battery' }, headers: { origin: base } });
console.log('login', login.status());
const state = await ctx0.storageState();
const H = { origin: base };
const read = await (await ctx0.request.get(base + '/api/read/article?articleId=1')).json();
console.log('read keys', Object.keys(read));
// a photo: noise + gradient, 3000x2000
const w = 3000, h = 2000;
const raw = Buffer.alloc(w * h * 3);
for (let i = 0; i < raw.length; i++) raw[i] = (i % 251 + Math.random() * 80) & 255;
const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
const up = await ctx0.request.post(base + '/api/upload/image', { headers: H, multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg }, articleId: '1' } });
const uploaded = await up.json();
console.log('upload', up.status(), uploaded);
const article = read.article ?? read;
const content = structuredClone(article.content);
content[0].publicTitle = 'Le phare de la pointe, un siècle de lumière';
content.splice(2, 0, { type: 'image', src: uploaded.mediaUrl, alt: 'Le phare au crépuscule', width: 100 });
const upd = await ctx0.request.post(base + '/api/manage/update_article', { headers: H, data: { articleId: 1, newContent: content, unformatted_name: article.unformatted_name ?? 'Démo', instructions: article.instructions ?? '', revision: article.revision } });
console.log('update', upd.status(), (await upd.text()).slice(0, 300));
const url = content[0].url;
const staff = ['/article?id=1', '/articles', '/settings', '/qrcodes', '/circuits'];
for (const lang of ['fr', 'en']) for (const [vw, vh] of [[1280, 900], [390, 844]]) {
  const ctx = await browser.newContext({ storageState: state, viewport: { width: vw, height: vh }, locale: lang === 'fr' ? 'fr-FR' : 'en-GB', reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  for (const p of staff) {
    await page.goto(base + (lang === 'en' ? '/en' + p : p));
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/shots29/${lang}-${vw}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`, fullPage: p !== '/article?id=1' });
  }
  await ctx.close();
  const vctx = await browser.newContext({ viewport: { width: vw, height: vh }, locale: lang === 'fr' ? 'fr-FR' : 'es-ES', deviceScaleFactor: vw === 390 ? 3 : 1 });
  const vp = await vctx.newPage();
  const sizes = [];
  vp.on('response', async (r) => { if (r.url().includes('/media/')) sizes.push([r.url().split('/').pop(), (await r.body()).length]); });
  await vp.goto(base + `/article?name=${url}` + (lang === 'en' ? '&lang=es' : ''));
  await vp.waitForTimeout(4000);
  await vp.screenshot({ path: `/tmp/shots29/visitor-${lang === 'fr' ? 'fr' : 'es'}-${vw}.png`, fullPage: true });
  console.log('visitor', lang, vw, sizes);
  await vctx.close();
}
await browser.close();
