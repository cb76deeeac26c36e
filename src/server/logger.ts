import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(opts: { level: string; pretty: boolean }): Logger {
  if (opts.pretty) {
    return pino({
      level: opts.level,
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    });
  }
  return pino({ level: opts.level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

export const silentLogger: Logger = pino({ level: 'silent' });
