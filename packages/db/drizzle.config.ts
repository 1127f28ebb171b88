import { defineConfig } from 'drizzle-kit';

// Generates SQL only (no database connection): `npm run generate -w @nivaas/db`. The SQL is committed and the
// same files migrate PGlite and PostgreSQL at open (src/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
