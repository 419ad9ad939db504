/**
 * Test harness for the telegram membership check: the fake Bot API with two required groups, a user, a second
 * user and an admin; the platform started against it with `check_role` on and an in-memory PlatformContext
 * (memoryPlatformServices with the real role-loss enforcer) whose periodic pass is recorded instead of scheduled
 * unless a test asks for the real one; a captured log to wait on; and helpers to register users.
 */
import type { RoleCheckMode } from '../../../core/config/enums.ts';
import type { PlatformContext } from '../../../core/contract.ts';
import type { Human } from '../../../core/model.ts';
import { buildTelegramPlatform, type TelegramPlatformOptions, type TelegramPlatformParts } from '../../../platforms/telegram/platform.ts';
import { startFakeTelegram, type FakeTelegram, type FakeTelegramOptions } from '../../fakes/telegram/fake-telegram.ts';
import { human } from '../../helpers/humans.ts';
import { captureLog, type CapturedLog } from '../../helpers/log-capture.ts';
import { memoryPlatformServices, type MemoryPlatformServices } from '../../helpers/platform-context.ts';
import { until } from '../../e2e/wait.ts';

export const GROUP_A = -1001000000001;
export const GROUP_B = -1001000000002;
export const ASH = 5001;
export const MISTY = 5002;
export const OAK = 5009;

export interface RecordedPass {
  readonly name: string;
  readonly intervalHours: number;
  readonly run: () => Promise<void>;
}

export interface MembershipHarness {
  readonly fake: FakeTelegram;
  readonly services: MemoryPlatformServices;
  readonly parts: TelegramPlatformParts;
  readonly captured: CapturedLog;
  /** periodic passes the platform asked for (not scheduled unless `realPeriodicPass`) */
  readonly passes: RecordedPass[];
  /** registers a telegram:user in the in-memory store */
  register(id: number, extra?: Partial<Human>): Human;
  row(id: number): Human | undefined;
  /** resolves once the platform logged the check of a member change about `id` (`count` of them) */
  checked(id: number, count?: number): Promise<void>;
}

export interface MembershipHarnessOptions {
  readonly mode?: RoleCheckMode;
  readonly platform?: Partial<TelegramPlatformOptions>;
  readonly fake?: FakeTelegramOptions;
  /** use memoryPlatformServices' real periodic pass (scheduled, remembered in a temporary root) */
  readonly realPeriodicPass?: boolean;
  /** seeding done before the platform starts (members, registrations) */
  readonly before?: (seed: { readonly fake: FakeTelegram; register(id: number, extra?: Partial<Human>): Human }) => void;
}

export async function withMembership(run: (h: MembershipHarness) => Promise<void>, options: MembershipHarnessOptions = {}): Promise<void> {
  const fake = await startFakeTelegram({
    chats: [
      { id: GROUP_A, type: 'supergroup', title: 'Register here' },
      { id: GROUP_B, type: 'supergroup', title: 'Second town' },
      { id: ASH, type: 'private', first_name: 'Ash', username: 'ash' },
      { id: MISTY, type: 'private', first_name: 'Misty' },
      { id: OAK, type: 'private', first_name: 'Oak', username: 'prof' },
    ],
    users: [
      { id: ASH, first_name: 'Ash', username: 'ash' },
      { id: MISTY, first_name: 'Misty' },
      { id: OAK, first_name: 'Oak', username: 'prof' },
    ],
    ...options.fake,
  });
  const captured = captureLog('verbose');
  const services = memoryPlatformServices({ mode: options.mode ?? 'delete', log: captured.log, platform: 'telegram' });
  const passes: RecordedPass[] = [];
  const membership: PlatformContext['membership'] = options.realPeriodicPass
    ? services.membership
    : {
        ...services.membership,
        periodicPass(name, intervalHours, passRun) {
          passes.push({ name, intervalHours, run: passRun });
          return { start: async () => undefined, stop: () => undefined, runNow: passRun };
        },
      };
  const parts = buildTelegramPlatform({
    tokens: [fake.token],
    apiRoot: fake.apiRoot,
    admins: [String(OAK)],
    registrationChats: [String(GROUP_A), String(GROUP_B)],
    discordPrefix: '!',
    concurrency: 4,
    log: captured.log,
    checkRole: true,
    membershipRequestsPerSecond: 1000,
    ...options.platform,
  });
  const register = (id: number, extra: Partial<Human> = {}): Human => {
    const registered = human(String(id), { type: 'telegram:user', name: `user ${id}`, ...extra });
    services.rows.set(registered.id, registered);
    return registered;
  };
  options.before?.({ fake, register });
  const ctx: PlatformContext = { humans: services.humans, reloadState: services.reloadState, membership, log: captured.log, handleCommand: async () => [] };
  try {
    await parts.platform.start!(ctx);
    await run({
      fake,
      services,
      parts,
      captured,
      passes,
      register,
      row: (id) => services.rows.get(String(id)),
      async checked(id, count = 1) {
        await until(() => captured.lines.filter((l) => l.msg === 'membership: member change checked' && l.humanId === String(id)).length >= count, `the member change of ${id} checked`);
      },
    });
  } finally {
    await parts.platform.stop?.();
    await fake.close();
  }
}
