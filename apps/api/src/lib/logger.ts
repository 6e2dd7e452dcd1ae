import { pino } from 'pino';

export type Logger = pino.Logger;

/** JSON lines on stdout. Authorization headers and tokens are never written. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', '*.token', '*.accessToken'], censor: '[redacted]' },
  });
}
