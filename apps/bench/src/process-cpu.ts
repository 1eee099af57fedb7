import { readFileSync } from 'node:fs';

/** Milliseconds of CPU a process spent itself, and in the children it waited for (Linux, `/proc/PID/stat`). */
export function processCpu(pid: number): { own: number; children: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // A clock tick (USER_HZ) is 10 ms on Linux.
  const tick = 10;
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((index) => Number(fields[index]) * tick);
  return { own: utime! + stime!, children: cutime! + cstime! };
}
