/**
 * The benchmark's second process ("driver": load generator plus the webhook sink), seen from the process that
 * hosts the service: its requests and answers, and a client that forks it and calls it over Node's IPC channel.
 * Keeping load and sink out of the service's process keeps their CPU and memory out of its figures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.ts';
import type { PopulationName } from './population.ts';

export interface StreamSpec {
  readonly population: PopulationName;
  readonly seed: number;
  /** separates the webhook streams of the phases of one run */
  readonly label: string;
  /** webhook log files replayed as the load instead of the generated webhooks (see replay-load.ts) */
  readonly replay?: readonly string[];
}

export type DriverRequest =
  | { readonly kind: 'sink' }
  | { readonly kind: 'sink-count' }
  /** builds the webhook generator ahead of a timed phase (loads game data the first time) */
  | { readonly kind: 'prepare'; readonly stream: StreamSpec }
  | { readonly kind: 'saturate'; readonly url: string; readonly stream: StreamSpec; readonly durationMs: number; readonly concurrency: number; readonly batchSize: number }
  | { readonly kind: 'rate'; readonly url: string; readonly stream: StreamSpec; readonly durationMs: number; readonly rate: number; readonly batchSize: number };

export type DriverAnswer =
  | { readonly kind: 'sink'; readonly baseUrl: string }
  | { readonly kind: 'sink-count'; readonly posts: number }
  | { readonly kind: 'ready' }
  | { readonly kind: 'load'; readonly result: LoadResult }
  | { readonly kind: 'error'; readonly message: string };

export interface DriverEnvelope<T> {
  readonly id: number;
  readonly body: T;
}

export interface Driver {
  call(request: DriverRequest): Promise<DriverAnswer>;
  stop(): Promise<void>;
}

const DRIVER_MAIN = fileURLToPath(new URL('./driver-main.ts', import.meta.url));

export function startDriver(): Driver {
  const child: ChildProcess = fork(DRIVER_MAIN, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, (answer: DriverAnswer) => void>();
  let nextId = 0;
  child.on('message', (raw) => {
    const envelope = raw as DriverEnvelope<DriverAnswer>;
    pending.get(envelope.id)?.(envelope.body);
    pending.delete(envelope.id);
  });
  child.on('exit', (code) => {
    for (const resolve of pending.values()) resolve({ kind: 'error', message: `driver exited (${code})` });
    pending.clear();
  });
  return {
    call(request) {
      const id = ++nextId;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        child.send({ id, body: request } satisfies DriverEnvelope<DriverRequest>);
      });
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      });
    },
  };
}

/** Narrows an answer to the kind asked for, or throws with the driver's error. */
export function expectAnswer<K extends DriverAnswer['kind']>(answer: DriverAnswer, kind: K): Extract<DriverAnswer, { kind: K }> {
  if (answer.kind === kind) return answer as Extract<DriverAnswer, { kind: K }>;
  throw new Error(answer.kind === 'error' ? `bench driver: ${answer.message}` : `bench driver answered ${answer.kind}, expected ${kind}`);
}
