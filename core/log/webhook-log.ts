/**
 * [webhookLogging]: every raw webhook body, one JSON line each, in its own rotated file.
 */
import type { RotationOptions } from './rotating-file.ts';
import { openRotatingFile, type RotatingFile } from './rotating-file.ts';

export interface WebhookLog {
  write(sourceIp: string, rawBody: string): void;
  close(): Promise<void>;
}

export function openWebhookLog(options: RotationOptions, rootDir: string): WebhookLog {
  const file: RotatingFile = openRotatingFile(options, rootDir);
  return {
    write(sourceIp, rawBody) {
      file.stream.write(`{"time":"${new Date().toISOString()}","ip":${JSON.stringify(sourceIp)},"body":${JSON.stringify(rawBody)}}\n`);
    },
    close: () => file.close(),
  };
}
