import { availableParallelism } from 'node:os';
import pg from 'pg';
import { countSetting } from './count-setting';

/** What a query answers: one result, or one per statement of a parameterless batch. */
export type PipelineResult = pg.QueryResult | pg.QueryResult[];

/**
 * A pipeline stops taking new statements once the oldest one it has sent has been running this
 * long (ms): the statements queued behind a slow one wait for it, so new work goes to the pool.
 */
export const PIPELINE_STALL_MS = 20;
/** Most statements in flight on one pipeline; past that, new work goes to the pool. */
export const PIPELINE_DEPTH = 32;
/** After a pipeline's connection fails, how long before it connects again (ms). */
export const PIPELINE_RETRY_MS = 1000;

/**
 * Pipelined connections: PNEUMA_PG_PIPELINES, else one per two CPU cores (at least one);
 * 0 turns pipelining off (every batch then takes a pool connection of its own).
 */
export function pipelineCount(
  env: NodeJS.ProcessEnv = process.env,
  cores = availableParallelism(),
): number {
  const n = countSetting(env, 'PNEUMA_PG_PIPELINES', 0, 64);
  if (n !== undefined) return n;
  return Math.max(1, Math.floor(cores / 2));
}

/**
 * One connection in pipeline mode (node-postgres `pipeline: true`): queries are written as they
 * come, without waiting for the answers before them, and answered in order. Each is its own
 * implicit transaction (a parameterless batch is one Query message; a query with parameters
 * ends with its own Sync), so an error fails that query alone and SET LOCAL ends with it;
 * PostgreSQL wakes once for several requests instead of once for each.
 */
class Pipeline {
  private client: pg.Client | null = null;
  private open = false;
  private retryAt = 0;
  /** Send times of the statements in flight, oldest first (a Set keeps insertion order). */
  private readonly inFlight = new Set<{ at: number }>();

  constructor(private readonly connectionString: string) {}

  /** How many statements wait on this pipeline now. */
  get depth(): number {
    return this.inFlight.size;
  }

  /**
   * True when a statement sent now would not queue behind a slow one or a full pipe. A pipeline
   * without a connection starts connecting here (first use, or PIPELINE_RETRY_MS after a loss).
   */
  accepts(now: number): boolean {
    if (!this.open) {
      if (!this.client && now >= this.retryAt) this.connect();
      return false;
    }
    if (this.inFlight.size >= PIPELINE_DEPTH) return false;
    const oldest = this.inFlight.values().next();
    return oldest.done === true || now - oldest.value.at < PIPELINE_STALL_MS;
  }

  async run(sql: string, params: unknown[] | undefined, now: number): Promise<PipelineResult> {
    const entry = { at: now };
    this.inFlight.add(entry);
    try {
      return (await this.client!.query(sql, params)) as PipelineResult;
    } finally {
      this.inFlight.delete(entry);
    }
  }

  /** Connects in the background; until it is open, work goes to the pool. */
  private connect(): void {
    const client = new pg.Client({
      connectionString: this.connectionString,
      pipeline: true,
    } as pg.ClientConfig);
    this.client = client;
    // A lost connection fails the statements in flight (node-postgres rejects each); the next
    // request after PIPELINE_RETRY_MS connects afresh.
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      if (err) console.error('postgres pipeline error:', err.message);
      this.client = null;
      this.open = false;
      this.retryAt = performance.now() + PIPELINE_RETRY_MS;
      client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.connect().then(
      () => {
        if (this.client === client) this.open = true;
      },
      (err: Error) => lost(err),
    );
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.open = false;
    this.retryAt = Infinity;
    await client?.end().catch(() => undefined);
  }
}

/**
 * Runs queries and batches on a few pipelined connections, the least busy one that accepts
 * (see Pipeline.accepts), and on a pool connection of their own when none does: while the
 * pipelines connect, after one failed, or behind a statement that has run for
 * PIPELINE_STALL_MS. Only self-contained work belongs here (one query, its own implicit
 * transaction): never BEGIN, COMMIT or a session setting, since the queries written after one
 * would run inside what it left open (SET LOCAL only; transactions take a pool connection).
 */
export class PgPipelines {
  private readonly pipelines: Pipeline[];

  constructor(
    connectionString: string,
    count: number,
    private readonly fallback: (sql: string, params?: unknown[]) => Promise<PipelineResult>,
  ) {
    this.pipelines = Array.from({ length: count }, () => new Pipeline(connectionString));
  }

  run(sql: string, params?: unknown[]): Promise<PipelineResult> {
    const now = performance.now();
    let best: Pipeline | null = null;
    for (const p of this.pipelines) if (p.accepts(now) && (!best || p.depth < best.depth)) best = p;
    return best ? best.run(sql, params, now) : this.fallback(sql, params);
  }

  async close(): Promise<void> {
    await Promise.all(this.pipelines.map((p) => p.close()));
  }
}
