/**
 * POST /api/postMessage and its alias POST /api/deliverMessages (PoracleJS and PoracleNG names): one message item
 * or an array of them, each queued through the direct messenger to its target. The whole body is checked first
 * (a 400 naming the item and field, a 503 when no running platform serves an item's type), so a refused request
 * queues nothing.
 */
import type { DirectMessenger } from '../../delivery/direct.ts';
import { LookoutError } from '../../errors.ts';
import type { ApiRoutes } from '../server.ts';
import { objectList } from './loose-json.ts';
import { readMessageItem } from './message-items.ts';
import { registerRoutes, type Handler } from './route-table.ts';

export interface MessageApiDeps {
  readonly messenger: DirectMessenger;
}

export interface MessagesAnswer {
  readonly status: 'ok';
  readonly queued: number;
}

function postMessages(deps: MessageApiDeps): Handler {
  return async (request): Promise<MessagesAnswer> => {
    const items = objectList(request.body).map((fields, i) => readMessageItem(fields, `body[${i}]`));
    const unserved = [...new Set(items.map((item) => item.target.type))].filter((type) => !deps.messenger.serves(type));
    if (unserved.length > 0) throw new LookoutError('UNAVAILABLE', `no platform is running for ${unserved.join(', ')}`, { types: unserved });
    let queued = 0;
    for (const item of items) if (await deps.messenger.sendBody(item.target, item.body, item.options)) queued++;
    return { status: 'ok', queued };
  };
}

export function messageApiRoutes(deps: MessageApiDeps): ApiRoutes {
  const handler = postMessages(deps);
  return (api) => {
    registerRoutes(api, [
      { method: 'POST', path: '/postMessage', handler },
      { method: 'POST', path: '/deliverMessages', handler },
    ]);
  };
}
