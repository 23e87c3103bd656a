// Loaded into the benchmarked server with `node --import`: on SIGUSR2 it prints the process's
// own memory split as one line on stderr (bench/server-memory.ts reads it). Nothing else.
process.on('SIGUSR2', () => {
  const m = process.memoryUsage();
  process.stderr.write(`PNEUMA_MEMORY ${JSON.stringify({ rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers })}\n`);
});
