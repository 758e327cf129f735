import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueWallet } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { systemEvents } from '../db/schema/index.ts';
import { createRepeatedEvents } from '../operations-log/repeated-events.ts';
import { openCountryLookup } from './country-lookup.ts';
import { createJurisdictionGate, RESTRICTED_JURISDICTION_EVENT } from './restricted-jurisdictions.ts';
import { DEFAULT_RESTRICTED_COUNTRIES } from './tracking-config.ts';

const { countryOf } = openCountryLookup();

describeEachDatabase('restricted jurisdictions: the gate', (target) => {
  const gate = (restrictedCountries: readonly string[]) =>
    createJurisdictionGate({
      events: createRepeatedEvents({ db: target.db, clock: createFakeClock() }),
      restrictedCountries,
      countryOf,
      log: () => {},
    });

  it('the default list restricts US, GB, SG and KP addresses, not DE, RU, private or unknown ones', () => {
    const g = gate(DEFAULT_RESTRICTED_COUNTRIES);
    expect(g.restrictedCountryOf('8.8.8.8')).toBe('US');
    expect(g.restrictedCountryOf('2001:4860:4860::8888')).toBe('US');
    expect(g.restrictedCountryOf('81.2.69.160')).toBe('GB');
    expect(g.restrictedCountryOf('101.127.0.1')).toBe('SG');
    expect(g.restrictedCountryOf('175.45.176.1')).toBe('KP');
    for (const open of ['2a00:1450:4001::1', '77.88.8.8', '127.0.0.1', '10.0.0.1', null]) {
      expect(g.restrictedCountryOf(open)).toBeNull();
    }
  });

  it('RESTRICTED_COUNTRIES overrides the list, and an empty list restricts nobody', () => {
    expect(gate(['DE']).restrictedCountryOf('2a00:1450:4001::1')).toBe('DE');
    expect(gate(['DE']).restrictedCountryOf('8.8.8.8')).toBeNull();
    expect(gate([]).restrictedCountryOf('8.8.8.8')).toBeNull();
  });

  it('each refusal is a warning system event with wallet, address, country and mode', async () => {
    const wallet = uniqueWallet();
    await gate(['US']).refused({ walletAddress: wallet, ip: '8.8.8.8', country: 'US', mode: 'tiny_tuna' });
    const rows = await target.db
      .select()
      .from(systemEvents)
      .where(eq(systemEvents.eventType, RESTRICTED_JURISDICTION_EVENT));
    const mine = rows.filter((r) => (r.details as { walletAddress?: string }).walletAddress === wallet);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      severity: 'warning',
      details: { walletAddress: wallet, ipAddress: '8.8.8.8', country: 'US', mode: 'tiny_tuna' },
    });
  });
});
