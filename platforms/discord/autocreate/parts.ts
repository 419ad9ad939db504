/**
 * Auto-create as the Discord platform mounts it: the service, its `autocreate` command and API routes, and the
 * keep-alive sweeper of the private threads it made ([discord] thread_keep_alive_interval_hours), started once the
 * gateway bot is ready and stopped with it.
 */
import type { Client } from 'discord.js';
import type { PlatformContext } from '../../../core/contract.ts';
import type { CommandDefinition } from '../../../core/commands/types.ts';
import type { ApiRoute } from '../../../core/http/api/plugin-routes.ts';
import { autocreateApiRoutes } from './api-routes.ts';
import { autocreateCommand } from './command.ts';
import { createThreadKeepAlive, unarchiveThreadWith } from './keep-alive.ts';
import { Autocreate, type AutocreateOptions } from './service.ts';

export interface AutocreateParts {
  readonly service: Autocreate;
  readonly commands: readonly CommandDefinition[];
  readonly apiRoutes: readonly ApiRoute[];
  start(client: Client, ctx: PlatformContext): void;
  stop(): void;
}

export type AutocreateSetup = AutocreateOptions;

export function autocreateParts(setup: AutocreateSetup): AutocreateParts {
  const service = new Autocreate(setup);
  let keepAlive: ReturnType<typeof createThreadKeepAlive> | null = null;
  return {
    service,
    commands: [autocreateCommand(service)],
    apiRoutes: autocreateApiRoutes(service, setup.rootDir),
    start(client, ctx) {
      service.attach(client, ctx);
      keepAlive = createThreadKeepAlive({
        intervalHours: setup.config.discord.thread_keep_alive_interval_hours,
        threadIds: () => service.threadIds(),
        unarchive: unarchiveThreadWith(client),
        log: ctx.log.child({ part: 'thread-keep-alive' }),
      });
      keepAlive.start();
      void service.checkAtStart().catch((err: unknown) => ctx.log.warn({ reason: String(err) }, 'autocreate: the start-time check failed'));
    },
    stop() {
      keepAlive?.stop();
      keepAlive = null;
      service.detach();
    },
  };
}
