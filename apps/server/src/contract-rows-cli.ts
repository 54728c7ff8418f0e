/** `npm run contract:rows`: writes packages/contract/src/rows.ts from every resource the modules define. */
import fs from 'node:fs';
import path from 'node:path';
import './modules/index.ts';
import { rowTypesSource } from './core/contract-rows.ts';
import { resourceDefs } from './core/resource.ts';

export const ROWS_FILE = path.resolve(import.meta.dirname, '../../../packages/contract/src/rows.ts');

fs.writeFileSync(ROWS_FILE, rowTypesSource(resourceDefs()));
console.log(`contract: ${resourceDefs().length} row types written to ${path.relative(process.cwd(), ROWS_FILE)}`);
