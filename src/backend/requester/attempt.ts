import { AbortedError, NetworkError, TimeoutError } from '../../domain/errors/appErrors';
import type { RequesterCore } from './core';
import type { ServiceName } from './policies';

/**
 * One fetch with a time limit; reports its outcome and maps failures to NetworkError,
 * TimeoutError or AbortedError (the caller's own signal).
 */
export async function attemptFetch(
  core: RequesterCore,
  service: ServiceName,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  callerSignal?: AbortSignal,
): Promise<Response> {
  if (callerSignal?.aborted) throw new AbortedError();
  const { deps } = core;
  const controller = new AbortController();
  let timedOut = false;
  const timer = Number.isFinite(timeoutMs)
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs)
    : undefined;
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const started = deps.now();
  const unreachable = () =>
    core.emit({ service, url, ok: false, unreachable: true, durationMs: deps.now() - started });
  try {
    const response = await deps.fetch(url, { ...init, signal: controller.signal });
    core.emit({
      service,
      url,
      ok: response.ok,
      unreachable: false,
      status: response.status,
      durationMs: deps.now() - started,
    });
    return response;
  } catch (error) {
    if (timedOut) {
      unreachable();
      throw new TimeoutError(timeoutMs);
    }
    if (callerSignal?.aborted) throw new AbortedError();
    unreachable();
    throw new NetworkError(
      error instanceof Error && error.message ? error.message : 'Network request failed',
      error,
    );
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}
