// How the store's Node runs in production, for every benchmark that starts it.

/**
 * As the image's NODE_OPTIONS and `npm start`: V8 sizes the young generation from the machine's
 * memory (large on a machine with much of it); 16 MB semi-spaces keep RSS near the work.
 */
export const PRODUCTION_NODE_ARGS = ['--max-semi-space-size=16'];
