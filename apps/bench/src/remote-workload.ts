/** Which notes the writers of the remote bench append to. */
export interface RemoteWorkload {
  name: string;
  /** Every note in the remote at the start. */
  notes(clones: number): string[];
  /** The note server `server`'s next call writes. */
  pick(server: number): string;
  /** What the table says of it. */
  description: string;
}

/** The stress: 8 notes every server writes, so most groups of 16 servers touch a note another server just changed (`STALE_FILE`). */
export const hotNotes: RemoteWorkload = {
  name: 'hot notes',
  notes: () => Array.from({ length: 8 }, (_, note) => `note-${note}.md`),
  pick: () => `note-${Math.floor(Math.random() * 8)}.md`,
  description: 'every call one of 8 notes all servers share',
};

/** Of a team's calls, the share that writes a note every server writes. */
export const sharedFraction = 0.1;
const ownNotes = 8;
const sharedNotes = 8;

/** Closer to a team's: each server mostly writes notes of its own (its agent's task), and a tenth of its calls a shared one. */
export const teamNotes: RemoteWorkload = {
  name: 'team notes',
  notes: (clones) => [
    ...Array.from({ length: sharedNotes }, (_, note) => `shared-${note}.md`),
    ...Array.from({ length: clones * ownNotes }, (_, note) => `own-${Math.floor(note / ownNotes)}-${note % ownNotes}.md`),
  ],
  pick: (server) =>
    Math.random() < sharedFraction ? `shared-${Math.floor(Math.random() * sharedNotes)}.md` : `own-${server}-${Math.floor(Math.random() * ownNotes)}.md`,
  description: `${Math.round((1 - sharedFraction) * 100)}% of calls one of 8 notes of the server's own, ${Math.round(sharedFraction * 100)}% one of 8 all share`,
};
