/**
 * `POST /api/membership/check` `{platform?, dry_run?}`: runs the role checks' full passes now (every platform with a
 * check, or the one named) and answers their reports, `{status: 'ok', platforms: {discord: {…}, telegram: {…}}}`;
 * a dry run reports what the passes would do and changes nothing. 404 when no running platform (or not the one
 * named) has a role check configured.
 */
import type { PlatformPlugin } from '../../contract.ts';
import { LookoutError } from '../../errors.ts';
import { badField, looseBool, objectBody } from './loose-json.ts';
import type { RouteSpec } from './route-table.ts';

export function membershipRoutes(platforms: () => readonly PlatformPlugin[]): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/membership/check',
      async handler(request) {
        const body = objectBody(request.body);
        const named = body.platform;
        if (named !== undefined && typeof named !== 'string') throw badField('platform', 'a platform name');
        const dryRun = looseBool(body.dry_run, 'dry_run') ?? false;
        const checking = platforms().filter((p) => p.membershipPass && (named === undefined || p.name === named));
        if (checking.length === 0) throw new LookoutError('NOT_FOUND', named ? `platform ${named} has no role check configured` : 'no platform has a role check configured', { platform: named });
        const reports = await Promise.all(checking.map(async (p) => [p.name, await p.membershipPass!({ dryRun })] as const));
        return { status: 'ok', dryRun, platforms: Object.fromEntries(reports) };
      },
    },
  ];
}
