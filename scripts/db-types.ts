// npm run db:types: writes src/server/db/schema.generated.ts from the migrations (decision 035).
import { writeFile } from 'node:fs/promises';
import { generateSchemaTypes } from '../src/server/db/schema-types.ts';

const target = new URL('../src/server/db/schema.generated.ts', import.meta.url);
await writeFile(target, await generateSchemaTypes());
console.log(`wrote ${target.pathname}`);
