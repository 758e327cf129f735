/** Money in tests is counted in lamports, as in the product: one SOL is the product's own constant. */
export { LAMPORTS_PER_SOL as SOL } from '../../src/common/format.ts';
