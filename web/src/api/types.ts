/** Names for the generated API types (schema.d.ts, from the service's own OpenAPI document). */
import type { components } from './schema';

type Schemas = components['schemas'];

export type Dataset = Schemas['DatasetDto'];
export type DatasetList = Schemas['DatasetListDto'];
export type Symlink = Schemas['SymlinkDto'];
export type DatasetEvent = Schemas['DatasetEventDto'];
export type DatasetDetail = Schemas['DatasetDetailDto'];
export type StoredEvent = Schemas['StoredEventDto'];
export type NamespaceList = Schemas['MarquezNamespaceListDto'];
export type MarquezDataset = Schemas['MarquezDatasetDto'];
