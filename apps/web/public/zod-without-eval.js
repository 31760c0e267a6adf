// A classic script, run before the app's modules: zod compiles object parsers with new Function unless
// its global config says jitless (and probes for eval even then), and reads that config when its first
// schemas are built, on import. The CSP forbids eval, and the probe would be reported as a violation.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
