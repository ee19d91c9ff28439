import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { getSettings } from './service.ts';

/**
 * Migration 042 (issue 27 item 13, decision record 029): an install that loaded demo data before
 * the landing claims became settings keeps the specification's figures; an install without demo
 * data gets none, and a value the firm set is never replaced.
 */
const MIGRATION = readFileSync(path.join(import.meta.dirname, '../../db/migrations/042_demo_landing_claims.sql'), 'utf8');

describe('migration 042: the demo landing claims', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('writes nothing without demo data, the spec figures with it, and keeps what the firm set', async () => {
    await ctx.db.query(MIGRATION);
    expect(await getSettings(ctx.db)).toMatchObject({ claimAssetsUnderManagement: '', claimInvestors: '', claimPresence: '' });

    await ctx.db.query(`UPDATE settings SET value = value || '{"claimInvestors": "12"}'::jsonb WHERE key = 'app'`);
    await ctx.db.query(`INSERT INTO settings (key, value) VALUES ('demo_loaded', to_jsonb(now()))`);
    await ctx.db.query(MIGRATION);
    expect(await getSettings(ctx.db)).toMatchObject({
      // The specification's figures (sections 1 and 9).
      claimAssetsUnderManagement: '$500M+',
      claimCompletedDeals: '25+',
      claimPresence: 'Teams in Nairobi, Dubai and Port Louis source, structure and monitor transactions locally.',
      // The firm's own value stays.
      claimInvestors: '12',
    });
  });
});
