import { useId, type ReactNode } from 'react';
import {
  classifyError,
  type ClassifiedError,
  type ClassifyOptions,
} from '../../domain/errors/classifier';
import { ERROR_CASES, ERROR_SCREEN_TEXT } from '../../domain/errors/messages';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';

/**
 * The generic error cards (docs/product.md § Errors): the inline error card, the wallet-issue card
 * with Retry, and the session-error card with 'Restart Session'. Each shows the
 * catalogue's calm text and the button its recovery calls for:
 * retry -> the given retry function; refresh -> reloads the page; user_action -> the
 * given action (the text says what to do when there is none); fallback -> no button,
 * the app carries on.
 */

interface RecoveryHandlers {
  onRetry?: () => void;
  /** For user_action errors: e.g. open the camera check or the sign-in page. */
  onAction?: () => void;
}

function RecoveryButton({
  classified,
  onRetry,
  onAction,
}: RecoveryHandlers & { classified: ClassifiedError }) {
  switch (classified.recovery) {
    case 'retry':
      return onRetry ? (
        <Button size="sm" onClick={onRetry}>
          {classified.action ?? ERROR_SCREEN_TEXT.retry}
        </Button>
      ) : null;
    case 'refresh':
      return (
        <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
          {ERROR_SCREEN_TEXT.refreshPage}
        </Button>
      );
    case 'user_action':
      return onAction && classified.action ? (
        <Button size="sm" variant="secondary" onClick={onAction}>
          {classified.action}
        </Button>
      ) : null;
    case 'fallback':
      return null;
  }
}

interface ErrorCardProps extends RecoveryHandlers, ClassifyOptions {
  /** The thrown value; its category picks the message. */
  error?: unknown;
  /** A message already fit for users (e.g. an inline camera setup message); wins over `error`. */
  message?: string;
  title?: string;
  /** 'retry' when the screen can always ask again (a failed query): Retry whatever the category. */
  recovery?: 'retry';
  className?: string;
  children?: ReactNode;
}

/** Inline error card: the message and the recovery button, announced to screen readers. */
export function ErrorCard({
  error,
  message,
  title,
  onRetry,
  onAction,
  cameraContinues,
  recovery,
  className,
  children,
}: ErrorCardProps) {
  const inferred = classifyError(error ?? message, { cameraContinues });
  const classified = recovery ? { ...inferred, recovery, action: undefined } : inferred;
  const text = message ?? classified.userMessage;
  const titleId = useId();
  return (
    <Card
      className={['error-card', `error-card--${classified.category}`, className]
        .filter(Boolean)
        .join(' ')}
      role="alert"
      aria-labelledby={title ? titleId : undefined}
    >
      {title ? (
        <h2 id={titleId} className="error-card__title">
          {title}
        </h2>
      ) : null}
      <p className="error-card__message">{text}</p>
      {children}
      <div className="row error-card__actions">
        <RecoveryButton classified={classified} onRetry={onRetry} onAction={onAction} />
      </div>
    </Card>
  );
}

/** An error card with a fixed message and one button (the wallet and session cards). */
function OneActionCard({
  kind,
  message,
  actionLabel,
  onAction,
  className,
}: {
  kind: 'wallet' | 'session';
  message: string;
  actionLabel: string;
  onAction: () => void;
  className?: string;
}) {
  return (
    <Card
      className={['error-card', `error-card--${kind}`, className].filter(Boolean).join(' ')}
      role="alert"
    >
      <p className="error-card__message">{message}</p>
      <div className="row error-card__actions">
        <Button size="sm" onClick={onAction}>
          {actionLabel}
        </Button>
      </div>
    </Card>
  );
}

/** Wallet-issue card: the wallet message (rejected, insufficient funds, or the default) and Retry. */
export function WalletIssueCard({
  error,
  onRetry,
  className,
}: {
  error?: unknown;
  onRetry: () => void;
  className?: string;
}) {
  const classified = classifyError(error ?? new Error('wallet'));
  const text =
    classified.category === 'wallet'
      ? classified.userMessage
      : ERROR_CASES['wallet.default'].message;
  return (
    <OneActionCard
      kind="wallet"
      message={text}
      actionLabel={ERROR_SCREEN_TEXT.retry}
      onAction={onRetry}
      className={className}
    />
  );
}

/** Session-error card: the session message (or a more precise one) and 'Restart Session'. */
export function SessionErrorCard({
  onRestart,
  message,
  className,
}: {
  onRestart: () => void;
  /** E.g. 'Failed to start session' when the breath loop could not start. */
  message?: string;
  className?: string;
}) {
  return (
    <OneActionCard
      kind="session"
      message={message ?? ERROR_CASES.session.message}
      actionLabel={ERROR_SCREEN_TEXT.restartSession}
      onAction={onRestart}
      className={className}
    />
  );
}
