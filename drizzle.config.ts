import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name <change>` writes SQL migrations into drizzle/ from the schema; the server
// applies them at start (src/server/db/open-database.ts). No credentials: generation needs no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
