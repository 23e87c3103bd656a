import type { ReactNode } from 'react';

/** One figure of a <dl>: a small label over a bold value (the .stat look). */
export function Stat({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">{value}</dd>
    </div>
  );
}
