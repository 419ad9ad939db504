/**
 * The core's generic commands, in the order help lists them. Alert and platform plugins add their own
 * (`commands` in their manifests).
 */
import type { CommandDefinition } from '../types.ts';
import { areaCommand } from './area.ts';
import { channelCommand } from './channel.ts';
import { communityCommand } from './community.ts';
import { helpCommand } from './help.ts';
import { languageCommand } from './language.ts';
import { locationCommand } from './location.ts';
import { profileCommand } from './profile.ts';
import { serviceTestCommand } from './service-test.ts';
import { serviceCommand } from './service.ts';
import { startCommand, stopCommand } from './start-stop.ts';
import { trackedCommand } from './tracked.ts';
import { unregisterCommand } from './unregister.ts';
import { whyCommand } from './why.ts';

export const CORE_COMMANDS: readonly CommandDefinition[] = [
  serviceCommand,
  startCommand,
  stopCommand,
  unregisterCommand,
  trackedCommand,
  whyCommand,
  areaCommand,
  locationCommand,
  profileCommand,
  languageCommand,
  helpCommand,
  serviceTestCommand,
  communityCommand,
  channelCommand,
];
