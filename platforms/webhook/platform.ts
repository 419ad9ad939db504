/**
 * The `webhook` platform: delivers rendered Discord messages to Discord webhook URLs (the target id is the URL),
 * link buttons included (target-url.ts asks Discord to keep them).
 */
import { definePlatformPlugin, type DeliveryJob, type DeliveryOutcome, type PlatformPlugin } from '../../core/contract.ts';
import { buildDiscordMessage, isEmptyMessage } from './discord-message.ts';
import { postWebhook } from './post.ts';
import { messageUrlOf, postUrlOf, withComponents } from './target-url.ts';

export interface WebhookPlatformOptions {
  /** webhooks delivered to in parallel ([tuning] concurrent_discord_webhooks) */
  readonly concurrency: number;
  /** [discord] prefix: webhook targets render Discord templates */
  readonly commandPrefix: string;
  /** how long one POST may take before it counts as a transient failure; default 15 s */
  readonly timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

const MAX_ID_IN_REASON = 80;

export function createWebhookPlatform(options: WebhookPlatformOptions): PlatformPlugin {
  const post = { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  return definePlatformPlugin({
    kind: 'platform',
    name: 'webhook',
    targetTypes: ['webhook'],
    templatePlatform: 'discord',
    concurrency: options.concurrency,
    commandPrefix: options.commandPrefix,
    async deliver(job: DeliveryJob): Promise<DeliveryOutcome> {
      const url = postUrlOf(job.target.id);
      if (!url) {
        return { ok: false, permanent: true, reason: `webhook target id is not an http(s) URL: "${job.target.id.slice(0, MAX_ID_IN_REASON)}"` };
      }
      const message = buildDiscordMessage(job.message.body, job.ping, job.message.buttons);
      if (isEmptyMessage(message)) return { ok: false, permanent: true, reason: 'rendered message has neither content nor an embed' };
      return postWebhook(message.components ? withComponents(url) : url, message, post);
    },
    // a message sent earlier, edited in place (`edit` rules): PATCH <webhook>/messages/<id>; every part given, so what
    // the new message lacks is cleared. Replies (reply chains) are not possible through a webhook: `replyTo` is ignored.
    async edit(job: DeliveryJob, messageIds: readonly string[]): Promise<DeliveryOutcome> {
      const url = messageUrlOf(job.target.id, messageIds.at(-1) ?? '');
      if (!url) return { ok: false, permanent: true, reason: 'not a webhook URL and message id to edit' };
      const message = buildDiscordMessage(job.message.body, job.ping, job.message.buttons);
      if (isEmptyMessage(message)) return { ok: false, permanent: true, reason: 'rendered message has neither content nor an embed' };
      const { username: _username, avatar_url: _avatar, ...parts } = message;
      const body = { ...parts, content: message.content ?? '', components: message.components ?? [] };
      return postWebhook(message.components ? withComponents(url) : url, body, post, 'PATCH');
    },
  });
}
