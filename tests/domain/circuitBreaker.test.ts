import { describe, expect, it } from 'vitest';
import {
  CIRCUIT_BREAKER_DEFAULTS,
  CircuitBreaker,
  PATIENT_CIRCUIT_BREAKER,
  type CircuitState,
} from '../../src/domain/circuitBreaker';
import { CircuitOpenError } from '../../src/domain/errors/appErrors';

function setup(options = {}) {
  let now = 1_000_000;
  const changes: Array<[CircuitState, CircuitState]> = [];
  const breaker = new CircuitBreaker('test', {
    now: () => now,
    onStateChange: (next, prev) => changes.push([prev, next]),
    ...options,
  });
  return {
    breaker,
    changes,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe('circuit breaker', () => {
  it('has the documented constants', () => {
    expect(CIRCUIT_BREAKER_DEFAULTS).toEqual({
      failureThreshold: 5,
      windowMs: 300_000,
      recoveryMs: 30_000,
      successThreshold: 2,
    });
    expect(PATIENT_CIRCUIT_BREAKER.failureThreshold).toBe(3);
  });

  it('opens on the 5th failure within 5 minutes and refuses with "Circuit breaker is open"', () => {
    const { breaker, changes, advance } = setup();
    for (let i = 0; i < 4; i++) {
      breaker.recordFailure();
      advance(60_000);
    }
    expect(breaker.state).toBe('closed');
    breaker.recordFailure(); // at 4 min: 5 failures inside the window
    expect(breaker.state).toBe('open');
    expect(changes).toEqual([['closed', 'open']]);
    expect(() => breaker.assertCanRequest()).toThrow(CircuitOpenError);
    expect(() => breaker.assertCanRequest()).toThrow('Circuit breaker is open');
  });

  it('forgets failures older than 5 minutes', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 4; i++) breaker.recordFailure();
    advance(300_001);
    expect(breaker.recentFailures).toBe(0);
    breaker.recordFailure();
    expect(breaker.state).toBe('closed');
    // spread over more than 5 minutes: never 5 in one window
    for (let i = 0; i < 10; i++) {
      advance(76_000);
      breaker.recordFailure();
    }
    expect(breaker.state).toBe('closed');
  });

  it('goes half-open after 30 s, closes after 2 successes', () => {
    const { breaker, changes, advance } = setup();
    for (let i = 0; i < 5; i++) breaker.recordFailure();
    advance(29_999);
    expect(breaker.state).toBe('open');
    expect(breaker.retryInMs).toBe(1);
    advance(1);
    expect(breaker.state).toBe('half_open');
    expect(breaker.canRequest()).toBe(true);
    breaker.recordSuccess();
    expect(breaker.state).toBe('half_open');
    breaker.recordSuccess();
    expect(breaker.state).toBe('closed');
    expect(changes).toEqual([
      ['closed', 'open'],
      ['open', 'half_open'],
      ['half_open', 'closed'],
    ]);
    // closed again with a clean slate: 4 failures do not open it
    for (let i = 0; i < 4; i++) breaker.recordFailure();
    expect(breaker.state).toBe('closed');
  });

  it('a failure while half-open reopens it for another 30 s', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 5; i++) breaker.recordFailure();
    advance(30_000);
    breaker.recordSuccess();
    breaker.recordFailure();
    expect(breaker.state).toBe('open');
    advance(29_000);
    expect(breaker.state).toBe('open');
    advance(1_000);
    expect(breaker.state).toBe('half_open');
  });

  it('the patient variant opens after 3 failures', () => {
    const { breaker } = setup({ failureThreshold: PATIENT_CIRCUIT_BREAKER.failureThreshold });
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.state).toBe('closed');
    breaker.recordFailure();
    expect(breaker.state).toBe('open');
  });

  it('execute counts only the failures it is told to count', async () => {
    const { breaker } = setup();
    for (let i = 0; i < 10; i++) {
      await expect(
        breaker.execute(
          () => Promise.reject(new Error('4xx')),
          () => false,
        ),
      ).rejects.toThrow('4xx');
    }
    expect(breaker.state).toBe('closed');
    for (let i = 0; i < 5; i++) {
      await expect(breaker.execute(() => Promise.reject(new Error('down')))).rejects.toThrow(
        'down',
      );
    }
    await expect(breaker.execute(() => Promise.resolve(1))).rejects.toBeInstanceOf(
      CircuitOpenError,
    );
  });

  it('works with vitest fake timers through Date.now', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    try {
      const breaker = new CircuitBreaker('clock');
      for (let i = 0; i < 5; i++) breaker.recordFailure();
      expect(breaker.state).toBe('open');
      vi.advanceTimersByTime(30_000);
      expect(breaker.state).toBe('half_open');
    } finally {
      vi.useRealTimers();
    }
  });
});
