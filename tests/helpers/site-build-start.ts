import { buildIfStale } from '../../src/app/build.ts';
import { serveFrom } from '../../src/app/site-build/folders.ts';

/**
 * A stand-in for `npm start` in src/app/build.test.ts: `node site-build-start.ts {checkout}
 * {site url}` builds with fake-site-build.sh as npm start does, then "serves" the folder it
 * chose (marks it in use and prints `SERVING {folder}`) until its standard input closes.
 */
const [checkout, url] = process.argv.slice(2);
if (!checkout || !url) throw new Error('usage: {checkout} {site url}');
const site = {
  url,
  bookingUrl: undefined,
  contactEmail: 'c@example.org',
  founder: { name: 'F', email: 'f@example.org' },
  professionalNetworkUrl: 'https://example.org/in',
};
const { site: folder } = buildIfStale(site, (line) => console.log(line), {
  root: checkout,
  command: ['/bin/sh', new URL('fake-site-build.sh', import.meta.url).pathname, checkout],
});
const unmark = serveFrom(folder);
console.log(`SERVING ${folder}`);
process.stdin.resume();
process.stdin.on('end', () => {
  unmark();
  process.exit(0);
});
