type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(message: string, extra?: unknown): void;
  info(message: string, extra?: unknown): void;
  warn(message: string, extra?: unknown): void;
  error(message: string, extra?: unknown): void;
}

/** Plain lines on stderr/stdout. Callers never pass passwords, tokens or cookies. */
export function createLogger(level: Level): Logger {
  const at = (l: Exclude<Level, 'silent'>) => (message: string, extra?: unknown) => {
    if (order[l] < order[level]) return;
    const line = `[legenda] ${l === 'info' ? '' : `${l}: `}${message}`;
    const args = extra === undefined ? [line] : [line, extra];
    if (l === 'error' || l === 'warn') console.error(...args);
    else console.log(...args);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = createLogger('silent');
