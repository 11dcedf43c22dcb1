import { v7 as uuidv7 } from 'uuid';

/** A new run ID: a UUIDv7, as the spec recommends (time-ordered, so runs sort by start). */
export function newRunId(): string {
  return uuidv7();
}
