import { describeCrashSafety } from '../__fixtures__/describe-crash-safety.js';

// Kills 14 to 26 of the 26 the crash-safety tests make (a file each half, so each stays short): a writer
// killed (SIGKILL) at each of the 13 steps of a write, files checked whole after each kill.
describeCrashSafety(13);
