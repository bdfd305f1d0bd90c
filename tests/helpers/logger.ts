import type { Logger } from '../../src/server/log.ts';

/** A logger that keeps what it is told, each line as 'level: message'. */
export function recordingLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => void lines.push(`${level}: ${message}`);
  return {
    log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
    lines,
  };
}
