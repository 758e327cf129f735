import { createThrowawayDatabase } from './support/database-bed.ts';
import { migratedPgliteTemplate } from './support/migrated-templates.ts';

/**
 * Before any test file runs: the migrated templates (support/migrated-templates.ts) are made once here,
 * rather than by both workers at the same moment when the first database tests start. Kept on the machine,
 * they cost nothing on later runs. A failure is left for the tests to report, each with its own reason.
 */
export default async function setup(): Promise<void> {
  await Promise.allSettled([
    migratedPgliteTemplate(),
    createThrowawayDatabase().then((database) => database.drop()),
  ]);
}
