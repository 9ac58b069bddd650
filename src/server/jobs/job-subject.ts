/**
 * What a job is about. The queue keeps at most one waiting or running job per (kind, subject), so the subject is
 * the unit that must not be worked on twice at once: an item (its AI listing), a listing (one item on one channel:
 * two channels of an item publish in parallel), or a seller's connection to a channel (pulling its sales).
 */
export type JobSubject = ItemSubject | ListingSubject | ConnectionSubject | ImportSubject;

export interface ItemSubject {
  type: 'item';
  itemId: string;
}

export interface ListingSubject {
  type: 'listing';
  itemId: string;
  channel: string;
}

/** The seller is the job's user; a connection is one channel of theirs. */
export interface ConnectionSubject {
  type: 'connection';
  channel: string;
}

/** One import the seller started (a spreadsheet of past sales): its own job, once. */
export interface ImportSubject {
  type: 'import';
  importId: string;
}

export const itemSubject = (itemId: string): ItemSubject => ({ type: 'item', itemId });
export const listingSubject = (itemId: string, channel: string): ListingSubject => ({ type: 'listing', itemId, channel });
export const connectionSubject = (channel: string): ConnectionSubject => ({ type: 'connection', channel });
export const importSubject = (importId: string): ImportSubject => ({ type: 'import', importId });

/** The subject as stored: `subject_id` is unique per type across users, `item_id` carries the item (cascade). */
export interface StoredSubject {
  subjectType: JobSubject['type'];
  subjectId: string;
  itemId: string | null;
}

export function storedSubject(subject: JobSubject, userId: string): StoredSubject {
  switch (subject.type) {
    case 'item':
      return { subjectType: 'item', subjectId: subject.itemId, itemId: subject.itemId };
    case 'listing':
      return { subjectType: 'listing', subjectId: `${subject.itemId}:${subject.channel}`, itemId: subject.itemId };
    case 'connection':
      return { subjectType: 'connection', subjectId: `${userId}:${subject.channel}`, itemId: null };
    case 'import':
      return { subjectType: 'import', subjectId: subject.importId, itemId: null };
  }
}

/** The reverse of storedSubject; ids are uuids or Better Auth ids, neither holds a colon, so the last one splits. */
export function subjectOf(stored: { subjectType: string; subjectId: string; itemId: string | null }): JobSubject {
  const channel = stored.subjectId.slice(stored.subjectId.lastIndexOf(':') + 1);
  switch (stored.subjectType) {
    case 'item':
      return itemSubject(stored.subjectId);
    case 'listing':
      return listingSubject(stored.itemId ?? stored.subjectId.slice(0, stored.subjectId.lastIndexOf(':')), channel);
    case 'connection':
      return connectionSubject(channel);
    case 'import':
      return importSubject(stored.subjectId);
    default:
      throw new Error(`Unknown job subject type: ${stored.subjectType}`);
  }
}
