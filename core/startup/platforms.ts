/**
 * Start-up and stop step of the platforms: started in registration order with the command handler, stopped in
 * reverse order.
 */
import type { CommandHandler } from '../commands/handler.ts';
import type { PlatformPlugin } from '../contract.ts';
import type { Logger } from '../log/logger.ts';

export async function startPlatforms(platforms: readonly PlatformPlugin[], log: Logger, handleCommand: CommandHandler): Promise<void> {
  for (const platform of platforms) {
    await platform.start?.({ log: log.child({ platform: platform.name }), handleCommand });
    log.info({ platform: platform.name, targets: platform.targetTypes }, 'platform started');
  }
}

export async function stopPlatforms(platforms: readonly PlatformPlugin[]): Promise<void> {
  for (const platform of [...platforms].reverse()) await platform.stop?.();
}
