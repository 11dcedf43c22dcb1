import { describeReading, splitsAtColons, typedNodeId } from '../../src/openlineage/node-id';

describe('node id readings', () => {
  it('reads the type and drops the version suffix Marquez’s UI adds', () => {
    expect(typedNodeId('job:trino://c:8443:20261129_093001_00001_acc63')).toEqual({ type: 'job', text: 'trino://c:8443:20261129_093001_00001_acc63' });
    expect(typedNodeId('dataset:ns:t#0193a1b2-0000-7000-8000-000000000001')).toEqual({ type: 'dataset', text: 'ns:t' });
    expect(typedNodeId('datasetField:ns:t:f')).toEqual({ type: 'datasetField', text: 'ns:t:f' });
    expect(typedNodeId('run:0193a1b2-0000-7000-8000-000000000001')).toEqual({ type: 'run', text: '0193a1b2-0000-7000-8000-000000000001' });
    expect(typedNodeId('table:ns:t')).toBeNull();
    expect(typedNodeId('dataset')).toBeNull();
  });

  it('lists every cut at a colon into two non-empty parts, longest head first', () => {
    expect(splitsAtColons('trino://c:8443:20261129_x')).toEqual([
      ['trino://c:8443', '20261129_x'],
      ['trino://c', '8443:20261129_x'],
      ['trino', '//c:8443:20261129_x'],
    ]);
    expect(splitsAtColons('file:/tmp/cll_test:out')).toEqual([
      ['file:/tmp/cll_test', 'out'],
      ['file', '/tmp/cll_test:out'],
    ]);
    expect(splitsAtColons('a::b')).toEqual([['a:', 'b'], ['a', ':b']]);
    expect(splitsAtColons(':a')).toEqual([]);
    expect(splitsAtColons('a:')).toEqual([]);
    expect(splitsAtColons('plain')).toEqual([]);
  });

  it('describes a reading for an error message', () => {
    expect(describeReading({ type: 'datasetField', namespace: 'n', name: 't', field: 'f' })).toBe("namespace 'n', name 't', field 'f'");
    expect(describeReading({ type: 'job', namespace: 'n', name: 'j' })).toBe("namespace 'n', name 'j'");
  });
});
