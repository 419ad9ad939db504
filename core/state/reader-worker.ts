/**
 * The program of the state reader thread (reader-thread.ts): reads whole tracking tables over its own database
 * connection and packs their active rows (collect-rows.ts), then posts the packed parts back, the integer cells
 * transferred rather than copied. The thread that matches webhooks then spends no time on a reload's reading.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb, type DbOptions } from '../db/connect.ts';
import { readTableValuePages } from '../db/read-table.ts';
import { describeError } from '../errors.ts';
import { ActiveRowCollector } from './collect-rows.ts';
import type { PackedParts } from './packed-rows.ts';

/** Read one table; `active` holds the active humans' ids with their current profile. */
export interface ReadRequest {
  readonly id: number;
  readonly table: string;
  readonly active: readonly (readonly [string, number])[];
}

export type ReadAnswer = { readonly id: number; readonly ok: true; readonly parts: PackedParts | null } | { readonly id: number; readonly ok: false; readonly message: string };

export interface ReaderWorkerData {
  readonly db: DbOptions;
}

const port = parentPort;
if (port === null) throw new Error('reader-worker.ts runs as a worker thread');
const knex = createDb((workerData as ReaderWorkerData).db);

async function answer(request: ReadRequest): Promise<void> {
  try {
    const profiles = new Map(request.active);
    const collector = new ActiveRowCollector((id, profileNo) => (profiles.get(id) === profileNo ? id : undefined));
    await readTableValuePages(knex, request.table, (page) => collector.add(page));
    const parts = collector.packedRows()?.parts() ?? null;
    const reply: ReadAnswer = { id: request.id, ok: true, parts };
    port!.postMessage(reply, parts ? [...parts.buffers] : []);
  } catch (err) {
    const reply: ReadAnswer = { id: request.id, ok: false, message: describeError(err) };
    port!.postMessage(reply);
  }
}

port.on('message', (request: ReadRequest) => void answer(request));
