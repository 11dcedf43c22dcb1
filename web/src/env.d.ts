// esbuild bundles CSS imported from TypeScript into the page's stylesheet.
declare module '*.css';

/** Set by web/build.mjs: the URL of ELK's worker script, relative to the page. */
declare const ELK_WORKER_URL: string;
