/** Commands of the compiled server, by their file name in dist/. */
export declare const entryPoints: Record<'main' | 'seed' | 'backup' | 'restore', string>;
/** Compiles the server into apps/server/dist. */
export declare function buildServer(): Promise<void>;
