export { remoteStarted, withGitHistory } from './with-git-history.js';
export type { GitHistoryOptions } from './with-git-history.js';
export type { RemoteOptions } from './remote/create-remote-sync.js';
