import type { HTMLAttributes } from 'react';

type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  const cls = ['badge', tone !== 'neutral' && `badge--${tone}`, className].filter(Boolean).join(' ');
  return <span className={cls} {...rest} />;
}
