import { cruise } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/**
 * `npm run deps`: the import rules of .dependency-cruiser.cjs over src/, through dependency-cruiser's API
 * (its command line refuses Node versions it does not list; the API runs on every Node the project does).
 * Prints each forbidden import and exits non-zero when there is one.
 */
const config = await extractDepcruiseConfig('./.dependency-cruiser.cjs');
const result = await cruise(
  ['src'],
  {
    ...config.options,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    outputType: 'err',
  },
  {},
  { tsConfig: extractTSConfig('tsconfig.json') },
);
process.stdout.write(String(result.output));
process.exitCode = result.exitCode === 0 ? 0 : 1;
