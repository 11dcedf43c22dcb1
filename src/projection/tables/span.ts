import { ranked, RankedRule } from './table';

/**
 * The span rule every table that records when it was seen shares: the first columns follow the
 * least (event time, event id), the last columns the greatest. Where a table keeps no first or
 * last event id, its time alone ranks.
 */
export function firstSeen<R>(properties: Array<keyof R & string>, rank: Array<keyof R & string> = properties): RankedRule<R> {
  return ranked<R>(properties, { keep: 'least', rank });
}

export function lastSeen<R>(properties: Array<keyof R & string>, rank: Array<keyof R & string> = properties): RankedRule<R> {
  return ranked<R>(properties, { keep: 'greatest', rank });
}

/**
 * The latest-statement rule: a group an event may state or not (a facet, a job's SQL, a run's
 * nominal time) follows the greatest (event time, event id) that stated it. `at` is the group's
 * stamp: null in a row that does not state the group.
 */
export function latest<R>(properties: Array<keyof R & string>, at: keyof R & string, eventId: keyof R & string): RankedRule<R> {
  return ranked<R>([...properties, at, eventId], { keep: 'greatest', rank: [at, eventId], presentIf: at });
}
