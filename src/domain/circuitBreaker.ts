import { CircuitOpenError } from './errors/appErrors';

/**
 * Circuit breaker (docs/product.md § Backend): closed; opens after 5 failures within 5 minutes;
 * half-open after 30 seconds; closes after 2 successes. Pure: the clock is injected.
 */

export type CircuitState = 'closed' | 'open' | 'half_open';

interface CircuitBreakerOptions {
  failureThreshold: number;
  windowMs: number;
  recoveryMs: number;
  successThreshold: number;
  now: () => number;
  onStateChange?: (state: CircuitState, previous: CircuitState) => void;
}

export const CIRCUIT_BREAKER_DEFAULTS = Object.freeze({
  failureThreshold: 5,
  windowMs: 5 * 60_000,
  recoveryMs: 30_000,
  successThreshold: 2,
});

/** The most patient retry variant opens after 3 failures. */
export const PATIENT_CIRCUIT_BREAKER = Object.freeze({
  ...CIRCUIT_BREAKER_DEFAULTS,
  failureThreshold: 3,
});

export class CircuitBreaker {
  private readonly options: CircuitBreakerOptions;
  private current: CircuitState = 'closed';
  private failures: number[] = [];
  private openedAt = 0;
  private halfOpenSuccesses = 0;
  readonly name: string;

  constructor(name = 'default', options: Partial<CircuitBreakerOptions> = {}) {
    this.name = name;
    this.options = { ...CIRCUIT_BREAKER_DEFAULTS, now: () => Date.now(), ...options };
  }

  /** The state now (an open breaker whose recovery time has passed reads half_open). */
  get state(): CircuitState {
    if (this.current === 'open' && this.options.now() - this.openedAt >= this.options.recoveryMs) {
      this.transition('half_open');
    }
    return this.current;
  }

  /** Failures counted in the current window. */
  get recentFailures(): number {
    this.prune();
    return this.failures.length;
  }

  /** Milliseconds until an open breaker lets a trial call through (0 when not open). */
  get retryInMs(): number {
    if (this.state !== 'open') return 0;
    return Math.max(0, this.openedAt + this.options.recoveryMs - this.options.now());
  }

  canRequest(): boolean {
    return this.state !== 'open';
  }

  /** Throws CircuitOpenError ('Circuit breaker is open') when the breaker refuses. */
  assertCanRequest(): void {
    if (!this.canRequest()) throw new CircuitOpenError(this.name);
  }

  recordSuccess(): void {
    const state = this.state;
    if (state === 'half_open') {
      this.halfOpenSuccesses += 1;
      if (this.halfOpenSuccesses >= this.options.successThreshold) {
        this.failures = [];
        this.transition('closed');
      }
    }
  }

  recordFailure(): void {
    const state = this.state;
    const now = this.options.now();
    if (state === 'half_open') {
      this.open(now);
      return;
    }
    if (state === 'open') return;
    this.failures.push(now);
    this.prune();
    if (this.failures.length >= this.options.failureThreshold) this.open(now);
  }

  /** Runs `operation` through the breaker; `isFailure` decides which errors count. */
  async execute<T>(
    operation: () => Promise<T>,
    isFailure: (error: unknown) => boolean = () => true,
  ): Promise<T> {
    this.assertCanRequest();
    try {
      const result = await operation();
      this.recordSuccess();
      return result;
    } catch (error) {
      if (isFailure(error)) this.recordFailure();
      throw error;
    }
  }

  reset(): void {
    this.failures = [];
    this.halfOpenSuccesses = 0;
    this.transition('closed');
  }

  private open(now: number): void {
    this.openedAt = now;
    this.halfOpenSuccesses = 0;
    this.failures = [];
    this.transition('open');
  }

  private prune(): void {
    const cutoff = this.options.now() - this.options.windowMs;
    this.failures = this.failures.filter((t) => t > cutoff);
  }

  private transition(next: CircuitState): void {
    const previous = this.current;
    if (previous === next) return;
    this.current = next;
    if (next === 'half_open') this.halfOpenSuccesses = 0;
    this.options.onStateChange?.(next, previous);
  }
}
