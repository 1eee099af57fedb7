/** Whether a process of this id runs (signal 0 reaches it), for tests that check what a server started has ended. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
