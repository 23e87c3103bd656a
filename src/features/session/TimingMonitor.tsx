import './timingMonitor.css';
import { useEffect, useState } from 'react';
import { summariseScreenTiming, type ScreenTiming } from '../../domain/timingSummary';
import { timingProbe } from './timingProbe';

/** How often the monitor reads the probe again. */
const REFRESH_MS = 1000;

const ms = (v: number) => `${v.toFixed(1)} ms`;

/**
 * The 'advanced' preset's timing monitor (docs/product.md § Sessions): the session's phase
 * switches as this device's screen showed them, against the times the breath clock
 * scheduled them (the timing probe every session records). Measured on this device while
 * the session runs; before the first switch it says it is still measuring.
 */
export function TimingMonitor() {
  const [since] = useState(() => performance.now());
  const [timing, setTiming] = useState<ScreenTiming | null>(null);
  useEffect(() => {
    const read = () => setTiming(summariseScreenTiming(timingProbe()?.ui ?? [], since));
    read();
    const id = setInterval(read, REFRESH_MS);
    return () => clearInterval(id);
  }, [since]);
  return (
    <section
      className="timing-monitor immersive__chrome"
      aria-labelledby="timing-monitor-title"
      data-testid="timing-monitor"
    >
      <h2 id="timing-monitor-title">Timing monitor</h2>
      {timing ? (
        <p>
          Measured on this device: {timing.switches} phase{' '}
          {timing.switches === 1 ? 'switch' : 'switches'} shown {ms(timing.medianLateMs)} after the
          breath clock (median), {ms(timing.p95LateMs)} at the 95th percentile,{' '}
          {ms(timing.worstLateMs)} at worst.
        </p>
      ) : (
        <p>Measuring: the first phase switch has not happened yet.</p>
      )}
    </section>
  );
}
