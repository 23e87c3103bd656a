import { FALLBACK_TEXT } from '../../domain/errors/screenText';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import './network.css';

/**
 * The offline notice (docs/product.md § Errors), as a banner while the device or the backend is offline.
 * A polite live region: screen readers hear it when it appears, without interruption.
 */
export function OfflineNotice() {
  const { status } = useNetworkStatus();
  return (
    <div role="status" aria-live="polite" className="offline-notice-region">
      {status === 'offline' ? (
        <p className="offline-notice" data-testid="offline-notice">
          <span aria-hidden="true" className="offline-notice__dot" />
          {FALLBACK_TEXT.offline}
        </p>
      ) : null}
    </div>
  );
}
