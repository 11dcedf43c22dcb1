/** A request body kept as the chunks it arrived in, so that a part of it is cut out without joining the whole. */
export class BodyChunks {
  private readonly chunks: Buffer[] = [];
  /** Offset of each chunk in the body. */
  private readonly starts: number[] = [];
  private length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.starts.push(this.length);
    this.length += chunk.length;
  }

  /** The whole body, in one buffer. */
  all(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }

  /** Bytes `start` to `end` (exclusive): a view when one chunk holds them, otherwise a copy of those bytes only. */
  slice(start: number, end: number): Buffer {
    let i = this.chunkAt(start);
    const first = this.chunks[i].subarray(start - this.starts[i]);
    if (first.length >= end - start) return first.subarray(0, end - start);
    const parts = [first];
    for (i++; this.starts[i] + this.chunks[i].length < end; i++) parts.push(this.chunks[i]);
    parts.push(this.chunks[i].subarray(0, end - this.starts[i]));
    return Buffer.concat(parts, end - start);
  }

  /** Index of the chunk holding byte `offset`. */
  private chunkAt(offset: number): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
