import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** This file is one level below the package root both as src/ and as dist/. */
const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { name: string; version: string };

export const CLIENT_NAME = manifest.name;
export const CLIENT_VERSION = manifest.version;

/**
 * The `producer` (and facets' `_producer`) when the caller names none. OpenLineage wants a URI
 * that identifies the producing code and its version; callers integrating a tool should pass their
 * own (the tool's repository at a tag), as the official integrations do.
 */
export const DEFAULT_PRODUCER = `https://www.npmjs.com/package/${CLIENT_NAME}/v/${CLIENT_VERSION}`;
