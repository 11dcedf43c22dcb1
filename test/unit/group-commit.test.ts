import { CommitTimeoutError, GroupCommitter, RejectedByDatabaseError } from '../../src/ingest/group-commit';

/** The writer stands in for PostgreSQL here: these tests are about batching and isolation. */
function recordingWriter(options: { failOn?: string; delayMs?: number; down?: boolean } = {}) {
  const batches: string[][] = [];
  const write = async (items: string[]) => {
    batches.push([...items]);
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (options.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    if (options.failOn && items.includes(options.failOn)) {
      throw Object.assign(new Error('date/time field value out of range'), { code: '22008' });
    }
    return items.map((item) => item.startsWith('dup'));
  };
  return { batches, write };
}

describe('GroupCommitter', () => {
  it('puts events that arrive while a commit is in flight into one batch', async () => {
    const writer = recordingWriter({ delayMs: 20 });
    const committer = new GroupCommitter(writer.write, { maxEvents: 100, maxWaitMs: 0, writers: 1 });
    const results = await Promise.all(['a', 'b', 'c', 'dup-d'].map((e) => committer.submit(e)));
    expect(writer.batches).toEqual([['a'], ['b', 'c', 'dup-d']]);
    expect(results).toEqual([false, false, false, true]);
  });

  it('starts a second transaction beside one in flight only for a full batch', async () => {
    const writer = recordingWriter({ delayMs: 20 });
    const committer = new GroupCommitter(writer.write, { maxEvents: 3, maxWaitMs: 0, writers: 4 });
    const first = committer.submit('a');
    // While 'a' commits: two events wait for it, then a full batch of three starts at once.
    const partial = ['b', 'c'].map((e) => committer.submit(e));
    expect(writer.batches).toEqual([['a']]);
    const full = ['d', 'e', 'f'].map((e) => committer.submit(e));
    expect(writer.batches).toEqual([['a'], ['b', 'c', 'd']]);
    await Promise.all([first, ...partial, ...full]);
    await committer.idle();
    expect(writer.batches).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
  });

  it('caps a batch at maxEvents', async () => {
    const writer = recordingWriter({ delayMs: 5 });
    const committer = new GroupCommitter(writer.write, { maxEvents: 2, maxWaitMs: 0, writers: 1 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((e) => committer.submit(e)));
    expect(writer.batches.every((b) => b.length <= 2)).toBe(true);
    expect(writer.batches.flat()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('waits up to maxWaitMs to fill a batch', async () => {
    const writer = recordingWriter();
    const committer = new GroupCommitter(writer.write, { maxEvents: 10, maxWaitMs: 30, writers: 1 });
    jest.useFakeTimers();
    try {
      const first = committer.submit('a');
      await jest.advanceTimersByTimeAsync(5);
      const second = committer.submit('b');
      await jest.advanceTimersByTimeAsync(24);
      expect(writer.batches).toEqual([]); // still waiting for more
      await jest.advanceTimersByTimeAsync(1);
      await Promise.all([first, second]);
    } finally {
      jest.useRealTimers();
    }
    expect(writer.batches).toEqual([['a', 'b']]);
  });

  it("fails only the event whose data PostgreSQL rejects; the others of its batch commit", async () => {
    const writer = recordingWriter({ failOn: 'bad', delayMs: 5 });
    const committer = new GroupCommitter(writer.write, { maxEvents: 10, maxWaitMs: 0, writers: 1 });
    const first = committer.submit('x');
    const results = await Promise.allSettled(['a', 'bad', 'b'].map((e) => committer.submit(e)));
    await first;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(RejectedByDatabaseError);
  });

  it('gives every caller the error when the database is down', async () => {
    const writer = recordingWriter({ down: true });
    const committer = new GroupCommitter(writer.write, { maxEvents: 10, maxWaitMs: 0, writers: 1 });
    const results = await Promise.allSettled(['a', 'b'].map((e) => committer.submit(e)));
    expect(results.every((r) => r.status === 'rejected' && /ECONNREFUSED/.test(r.reason.message))).toBe(true);
  });

  it('drops an event whose deadline passed while it waited, and says so', async () => {
    const writer = recordingWriter({ delayMs: 60 });
    const committer = new GroupCommitter(writer.write, { maxEvents: 10, maxWaitMs: 0, writers: 1 });
    const blocking = committer.submit('slow');
    const late = committer.submit('late', 10);
    await expect(late).rejects.toBeInstanceOf(CommitTimeoutError);
    await blocking;
    await committer.idle();
    expect(writer.batches.flat()).not.toContain('late');
  });

  it('tells a caller whose event was already in a transaction at its deadline what that transaction did', async () => {
    const writer = recordingWriter({ delayMs: 60 });
    const committer = new GroupCommitter(writer.write, { maxEvents: 10, maxWaitMs: 0, writers: 1 });
    const inFlight = committer.submit('slow', 10);
    await expect(inFlight).resolves.toBe(false);
    expect(writer.batches).toEqual([['slow']]);
  });
});
