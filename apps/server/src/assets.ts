// Files shipped beside the server (apps/server/assets). Resolved from a module at the root of src/, which
// sits at the same depth as the compiled bundle in dist/, so the path holds for both.
import { fileURLToPath } from 'node:url';

export const assetPath = (name: string) => fileURLToPath(new URL(`../assets/${name}`, import.meta.url));
