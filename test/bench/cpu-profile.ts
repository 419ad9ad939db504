/**
 * A CPU profile of one phase of a benchmark run, taken in-process through the inspector (what `node --cpu-prof`
 * records, but only for the measured window, without seeding, reloads and the other phases). The file opens in
 * Chrome DevTools; `node --import tsx test/bench/profile-top.ts <file>` summarises it.
 */
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';

export interface PhaseProfiler {
  /** stops recording and writes the profile to the file given at start */
  stop(): Promise<void>;
}

export async function startProfile(file: string): Promise<PhaseProfiler> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  // what the phase allocates, collected or not: written beside the CPU profile as <file>.heapprofile
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 32_768, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
  return {
    async stop() {
      try {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(file, JSON.stringify(profile));
        const heap = await session.post('HeapProfiler.stopSampling');
        writeFileSync(file.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(heap.profile));
      } finally {
        session.disconnect();
      }
    },
  };
}
