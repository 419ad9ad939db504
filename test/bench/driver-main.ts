/**
 * Entry of the driver process (forked by driver-ipc.ts): serves the webhook sink and generates the load the
 * parent asks for, answering each request over IPC. Exits when the parent disconnects.
 */
import { describeError } from '../../core/errors.ts';
import type { DriverAnswer, DriverEnvelope, DriverRequest, StreamSpec } from './driver-ipc.ts';
import { loadBenchGameData } from './gamedata.ts';
import { offerRate, saturate } from './load.ts';
import { loadReplayItems, replayStream, type ReplayLoad } from './replay-load.ts';
import { fencesOf, POPULATIONS } from './population.ts';
import { seededRandom } from './random.ts';
import { startSink, type Sink } from './sink.ts';
import { speciesPool, type SpeciesPool } from './species.ts';
import { webhookStream, type WebhookStream } from './webhooks.ts';

let sink: Sink | null = null;
let pool: SpeciesPool | null = null;
let replayed: { readonly key: string; readonly load: ReplayLoad } | null = null;

async function streamFor(spec: StreamSpec): Promise<WebhookStream> {
  if (spec.replay && spec.replay.length > 0) {
    const key = spec.replay.join('\n');
    if (replayed?.key !== key) replayed = { key, load: await loadReplayItems(spec.replay) };
    return replayStream(replayed.load, spec.label);
  }
  pool ??= speciesPool((await loadBenchGameData()).gameData, seededRandom(spec.seed).fork('species'));
  return webhookStream(spec.seed, spec.label, pool, fencesOf(POPULATIONS[spec.population], spec.seed));
}

async function handle(request: DriverRequest): Promise<DriverAnswer> {
  switch (request.kind) {
    case 'sink':
      sink ??= await startSink();
      return { kind: 'sink', baseUrl: sink.baseUrl };
    case 'sink-count':
      return { kind: 'sink-count', posts: sink?.posts() ?? 0 };
    case 'prepare':
      await streamFor(request.stream);
      return { kind: 'ready' };
    case 'saturate':
      return { kind: 'load', result: await saturate(request.url, await streamFor(request.stream), request) };
    case 'rate':
      return { kind: 'load', result: await offerRate(request.url, await streamFor(request.stream), request) };
  }
}

process.on('message', (raw) => {
  const envelope = raw as DriverEnvelope<DriverRequest>;
  handle(envelope.body)
    .catch((err: unknown): DriverAnswer => ({ kind: 'error', message: describeError(err) }))
    .then((answer) => process.send?.({ id: envelope.id, body: answer } satisfies DriverEnvelope<DriverAnswer>));
});

process.on('disconnect', () => {
  void (sink?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
