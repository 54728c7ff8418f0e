import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module's tables, read from the modules themselves: db/schema.ts only aggregates them for the typed client.
  schema: './src/modules/*/schema.ts',
  out: './src/db/migrations',
});
