import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{title}</p>
      {children}
    </div>
  );
}
