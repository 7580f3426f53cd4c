/**
 * A child process's CPU time as the parent reads it while a case runs (Linux: /proc/PID/stat, every
 * thread of the process, V8's helpers included), so the campaign's time verdict counts the work the
 * case did, not the wall time other jobs on a shared machine stretch: under a load of 12 on two cores,
 * cases of 0.7–6.4 s CPU ran past a 20 s wall-clock limit (seeds 80–81).
 */
import { readFileSync } from 'node:fs';

/**
 * Clock ticks per second of /proc's utime and stime: USER_HZ, which Linux fixes at 100 for every
 * user-space interface whatever the kernel's own tick rate (`getconf CLK_TCK`).
 */
const USER_HZ = 100;

/** The user and system CPU time (ms) of a /proc/PID/stat line, or undefined when it does not parse. */
export function cpuMsOfStat(stat: string | undefined): number | undefined {
  if (!stat) return undefined;
  // Field 2 (comm) is in parentheses and may hold spaces or ')': the fields after it follow the last ')'.
  const close = stat.lastIndexOf(')');
  if (close < 0) return undefined;
  // After comm: state (3), ppid (4), ... utime is field 14 and stime field 15, so the 12th and 13th here.
  const rest = stat.slice(close + 2).split(' ');
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime) || rest.length < 13) return undefined;
  return ((utime + stime) * 1000) / USER_HZ;
}

/** The CPU time (ms) another process has used so far, or undefined where /proc is missing or it has gone. */
export function cpuMsOfPid(pid: number): number | undefined {
  try {
    return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}
