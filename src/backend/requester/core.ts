import { CircuitBreaker } from '../../domain/circuitBreaker';
import { HttpError, NetworkError, TimeoutError } from '../../domain/errors/appErrors';
import { isTransientStatus } from '../../domain/errors/statusLadder';
import type { ServiceName } from './policies';
import type { RequestOutcome, RequesterDeps } from './types';

/** The state one requester keeps: its dependencies, a breaker per service, the listeners. */
export class RequesterCore {
  private readonly breakers = new Map<ServiceName, CircuitBreaker>();
  private readonly listeners = new Set<(outcome: RequestOutcome) => void>();

  constructor(readonly deps: RequesterDeps) {}

  /** The service's breaker (made on first use, on the requester's clock). */
  breaker(service: ServiceName): CircuitBreaker {
    let b = this.breakers.get(service);
    if (!b) {
      b = new CircuitBreaker(service, { now: this.deps.now });
      this.breakers.set(service, b);
    }
    return b;
  }

  /** The breaker a call goes through, or undefined when its policy bypasses breakers. */
  breakerFor(service: ServiceName): CircuitBreaker | undefined {
    return this.deps.policies[service].breaker ? this.breaker(service) : undefined;
  }

  breakerStates(): Record<string, CircuitBreaker['state']> {
    return Object.fromEntries([...this.breakers].map(([name, b]) => [name, b.state]));
  }

  onOutcome(listener: (outcome: RequestOutcome) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(outcome: RequestOutcome): void {
    for (const listener of this.listeners) {
      try {
        listener(outcome);
      } catch {
        // a listener's failure must never break a request
      }
    }
  }
}

/** Network failures, time-outs and transient answers (the status ladder) count against a breaker. */
export function countsAsFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true;
  if (error instanceof HttpError) return isTransientStatus(error.status);
  return false;
}
