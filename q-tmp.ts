import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const tar = fs.readdirSync('/work/wt-vt/.tmp').find((f) => f.endsWith('.tar'))!;
for (const opts of [{}, { relaxedDurability: true }]) {
  const c = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync('/work/wt-vt/.tmp/' + tar)]), ...opts });
  const fresh = await PGlite.create(opts);
  for (const [name, db] of [['tpl', c], ['fresh', fresh]] as const) {
    for (let i = 0; i < 50; i++) await db.query('select 1');
    let t = cpu();
    for (let i = 0; i < 200; i++) await db.query('select 1');
    console.log(JSON.stringify(opts), name, 'query', ((cpu() - t) / 200 * 1000).toFixed(3), 'ms');
    t = cpu();
    for (let i = 0; i < 200; i++) await db.exec('select 1');
    console.log(JSON.stringify(opts), name, 'exec', ((cpu() - t) / 200 * 1000).toFixed(3), 'ms');
  }
}
