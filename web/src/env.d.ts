// esbuild bundles CSS imported from TypeScript into the page's stylesheet.
declare module '*.css';
