/** Types of scripts/generate-types.cjs, for the staleness test. */
export declare function generateTypes(specDir?: string): Promise<string>;
export declare const OUTPUT_FILE: string;
export declare const SPEC_DIR: string;
