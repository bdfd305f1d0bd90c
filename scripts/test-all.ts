import { spawn } from 'node:child_process';
import { loadTestSettings } from '../src/server/config.ts';
import { missingBrowser } from '../tests/helpers/browser-check.ts';
import { pgliteDataDirTemplate, pgliteTemplate } from '../tests/helpers/pglite-template.ts';

/**
 * `npm test`: the unit and data tests (Vitest) and the end-to-end journeys (Playwright) at the
 * same time. Each alone leaves part of a two-core machine idle (a journey waits on its browser
 * and its server, a Vitest file on the processes it starts); side by side they keep both cores
 * busy, and the whole run ends minutes sooner than one after the other (docs/adr/0029).
 * Playwright's lines come as they happen; Vitest's are held and printed whole when it ends, so
 * neither report is cut into the other.
 */
const problem = missingBrowser(loadTestSettings().e2eChromiumPath);
if (problem) {
  console.error(problem);
  process.exit(1);
}

// The migrated database both halves start from, made once here rather than twice at once.
await pgliteDataDirTemplate(await pgliteTemplate());

function run(command: string, args: string[], hold: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    child.on('close', (code, signal) => {
      if (hold) {
        process.stdout.write('\n--- Vitest: unit, feature and data tests ---\n');
        process.stdout.write(Buffer.concat(held));
        process.stdout.write('--- end of Vitest ---\n\n');
      }
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const [unit, e2e] = await Promise.all([
  run('node_modules/.bin/vitest', ['run'], true),
  run('node_modules/.bin/playwright', ['test'], false),
]);
process.exit(unit || e2e);
