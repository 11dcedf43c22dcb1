import { versionRowsThatCount } from '../../src/projection/appliers/dataset-versions.applier';
import { bestVersionPerDataset } from '../../src/projection/appliers/datasets.applier';
import { DatasetVersionMutation } from '../../src/projection/mutations';

const version = (id: string, ms: number, eventId: string, options: { typed?: boolean; producedBy?: string; dataset?: string } = {}): DatasetVersionMutation => ({
  type: 'datasetVersion',
  id,
  datasetId: options.dataset ?? 'd1',
  schemaHash: `hash-${id}`,
  fields: [{ name: `f${eventId}`, type: null, description: null }],
  typed: options.typed ?? true,
  producedByRunId: options.producedBy ?? null,
  at: new Date(ms),
  eventId,
});
const events = (rows: DatasetVersionMutation[]) => rows.map((r) => r.eventId);

describe('the dataset version rows a batch sends', () => {
  it('keeps, per typed version, its first and last event and its first output, in batch order', () => {
    const rows = [
      version('v1', 5, '5'),
      version('v1', 2, '2', { producedBy: 'r2' }), // first event and first output
      version('v1', 9, '9'), // last event
      version('v1', 3, '3', { producedBy: 'r3' }),
      version('v1', 4, '4'),
      version('v2', 1, '1'),
    ];
    expect(events(versionRowsThatCount(rows))).toEqual(['2', '9', '1']);
  });

  it('keeps the first output when it is neither the first nor the last event', () => {
    const rows = [version('v1', 1, '1'), version('v1', 2, '2'), version('v1', 3, '3', { producedBy: 'r3' }), version('v1', 4, '4'), version('v1', 5, '5')];
    expect(events(versionRowsThatCount(rows))).toEqual(['1', '3', '5']);
  });

  it('keeps every name-only row, whose field names are merged', () => {
    const rows = [1, 2, 3, 4].map((n) => version('v1', n, String(n), { typed: false }));
    expect(events(versionRowsThatCount(rows))).toEqual(['1', '2', '3', '4']);
  });

  it('picks one current version per dataset: a typed one over a later name-only one, then the latest', () => {
    const rows = [
      version('v1', 1, '1', { dataset: 'a' }),
      version('v2', 9, '9', { dataset: 'a', typed: false }),
      version('v3', 5, '5', { dataset: 'a' }),
      version('v4', 5, '4', { dataset: 'a' }),
      version('v5', 2, '2', { dataset: 'b', typed: false }),
      version('v6', 3, '3', { dataset: 'b', typed: false }),
    ];
    expect(bestVersionPerDataset(rows).map((r) => r.id)).toEqual(['v3', 'v6']);
  });
});
