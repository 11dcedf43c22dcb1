/** See trino-events.cjs. */
export declare function generatedTrinoEvents(count: number, seed?: string, tables?: number): object[];
