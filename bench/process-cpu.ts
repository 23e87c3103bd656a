import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** CPU seconds (user + system, every thread) a process has used so far; 0 once it is gone or off Linux. */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every process whose command name is `comm` (e.g. all PostgreSQL backends). */
export function commandCpuSeconds(comm: string): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  let total = 0;
  for (const d of entries) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === comm) total += processCpuSeconds(Number(d));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return total;
}
