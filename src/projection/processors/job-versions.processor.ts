import { LoggedEvent } from '../../log/logged-event';
import { Mutation } from '../mutations';
import { eventJobVersion } from './processor';

/** The job version a finished run had: one mutation per terminal run event, none for any other. */
export function jobVersionsProcessor(event: LoggedEvent): Mutation[] {
  const version = eventJobVersion(event);
  return version ? [{ type: 'jobVersion', ...version, at: event.eventTime, eventId: event.eventId }] : [];
}
