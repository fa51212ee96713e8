// `npm run db-template`: writes db-template/pglite-<version>.tar.gz, an empty PGlite cluster.
// A first start on the embedded database unpacks it instead of running initdb inside
// WebAssembly, which peaks at about 850 MB of memory (a 512 MB container would be killed) and
// takes seconds. Run it after upgrading @electric-sql/pglite; without a template for the
// installed version the server falls back to initdb (src/server/db/database.ts).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(import.meta.url);
const { version } = require(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'));
const dir = path.join(root, 'db-template');
const name = `pglite-${version}.tar.gz`;

const pglite = await PGlite.create();
const dump = await pglite.dumpDataDir('gzip');
await pglite.close();
mkdirSync(dir, { recursive: true });
for (const old of readdirSync(dir)) if (old !== name) rmSync(path.join(dir, old));
writeFileSync(path.join(dir, name), Buffer.from(await dump.arrayBuffer()));
console.log(`db-template/${name}: ${(dump.size / 1024 / 1024).toFixed(1)} MB`);
