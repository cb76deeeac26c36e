import { readdirSync, readFileSync } from 'node:fs';

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const median = (values: number[]) => percentile(values, 50);
export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** CPU seconds so far (user + system) of a process, and of its reaped children. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  // utime, stime, cutime, cstime are fields 14–17 of stat; clock ticks of 1/100 s on Linux.
  return fields ? fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100 : 0;
}

/** The fields of /proc/<pid>/stat after the command name (the 3rd field onwards), or null when gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone
  }
}

/**
 * A process with its live children (the low-priority image process of a server), whose CPU
 * counts in the parent's own only once they have exited and been reaped.
 */
export function processTreeCpuSeconds(pid: number): number {
  let total = cpuSeconds(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // The parent's pid is the 4th field of stat.
    if (Number(statFields(Number(entry))?.[1]) === pid) total += processTreeCpuSeconds(Number(entry));
  }
  return total;
}

/** Every PostgreSQL process: the postmaster, its backends and helpers. */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += cpuSeconds(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return total;
}
