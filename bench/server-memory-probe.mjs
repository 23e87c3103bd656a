// Loaded into the benchmarked server with `node --import` (worker threads inherit it, so it
// runs in the database thread too): on SIGUSR2 the main thread asks every thread for its
// memory split over a BroadcastChannel and prints the process's RSS with each thread's heap
// and buffers as one line on stderr (bench/server-memory.ts reads it). Nothing else.
import { BroadcastChannel, isMainThread } from 'node:worker_threads';

const channel = new BroadcastChannel('pneuma-memory-probe');
channel.unref();
const own = () => {
  const m = process.memoryUsage();
  return { heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
};

if (isMainThread) {
  let others = [];
  channel.onmessage = (e) => {
    if (e.data?.thread) others.push(e.data.thread);
  };
  process.on('SIGUSR2', () => {
    others = [];
    channel.postMessage({ ask: true });
    setTimeout(() => {
      const threads = [own(), ...others];
      const sum = (k) => threads.reduce((n, t) => n + t[k], 0);
      const line = { rss: process.memoryUsage().rss, heapTotal: sum('heapTotal'), heapUsed: sum('heapUsed'), external: sum('external'), arrayBuffers: sum('arrayBuffers'), threads };
      process.stderr.write(`PNEUMA_MEMORY ${JSON.stringify(line)}\n`);
    }, 300);
  });
} else {
  channel.onmessage = (e) => {
    if (e.data?.ask) channel.postMessage({ thread: own() });
  };
}
