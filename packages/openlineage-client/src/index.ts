/** Public entry point of the OpenLineage client. */
export const CLIENT_PACKAGE_NAME = '@metadata-store/openlineage-client';
