import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FROZEN_CALL_MESSAGE,
  FROZEN_DISTRIBUTION_MESSAGE,
  FROZEN_SUBSCRIPTION_MESSAGE,
  PEP_APPROVAL_MESSAGE,
  type ScreeningHit,
} from '../../../shared/screening.ts';
import { sql } from '../../db/sql.ts';
import { moneyFixtures, withPaymentDetails } from '../../testing/fixtures.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';
import { completeSubscriptionSigned } from '../../testing/signing.ts';
import { screeningIdle } from './jobs.ts';
import { rescreenImport } from './service.ts';

/** A UN Consolidated List in its published XML layout; invented names only. */
function unXml(
  individuals: { ref: string; names: string[]; aliases?: string[]; dob?: string; year?: string; nationality?: string }[],
  entities: { ref: string; name: string }[] = [],
): string {
  const ind = individuals
    .map(
      (i) => `<INDIVIDUAL><DATAID>${i.ref.replace(/\D/g, '')}</DATAID><VERSIONNUM>1</VERSIONNUM>
${i.names.map((n, k) => `<${['FIRST', 'SECOND', 'THIRD', 'FOURTH'][k]}_NAME>${n}</${['FIRST', 'SECOND', 'THIRD', 'FOURTH'][k]}_NAME>`).join('')}
<UN_LIST_TYPE>Test</UN_LIST_TYPE><REFERENCE_NUMBER>${i.ref}</REFERENCE_NUMBER><LISTED_ON>2020-01-01</LISTED_ON>
${i.nationality ? `<NATIONALITY><VALUE>${i.nationality}</VALUE></NATIONALITY>` : '<NATIONALITY/>'}
${(i.aliases ?? []).map((a) => `<INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>${a}</ALIAS_NAME></INDIVIDUAL_ALIAS>`).join('')}
<INDIVIDUAL_DATE_OF_BIRTH>${i.dob ? `<TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>${i.dob}</DATE>` : i.year ? `<TYPE_OF_DATE>EXACT</TYPE_OF_DATE><YEAR>${i.year}</YEAR>` : ''}</INDIVIDUAL_DATE_OF_BIRTH>
</INDIVIDUAL>`,
    )
    .join('\n');
  const ent = entities
    .map((e) => `<ENTITY><DATAID>1</DATAID><FIRST_NAME>${e.name}</FIRST_NAME><REFERENCE_NUMBER>${e.ref}</REFERENCE_NUMBER></ENTITY>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<CONSOLIDATED_LIST dateGenerated="2026-11-01T00:00:00"><INDIVIDUALS>${ind}</INDIVIDUALS><ENTITIES>${ent}</ENTITIES></CONSOLIDATED_LIST>`;
}

describe('sanctions and PEP screening API', () => {
  let ctx: TestContext;
  let adminA: string;
  let adminB: string;
  let adminAId: string;
  let founderCookie: string;
  let m: ReturnType<typeof moneyFixtures>;

  beforeAll(async () => {
    ctx = await createTestContext();
    const a = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Admin Amal' });
    const b = await createUser(ctx, { role: 'admin', adminUserType: 'legal', name: 'Admin Bilal' });
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Founder Farah' });
    adminAId = a.id;
    adminA = await signIn(ctx, a.email, a.password);
    adminB = await signIn(ctx, b.email, b.password);
    founderCookie = await signIn(ctx, f.email, f.password);
    m = moneyFixtures(
      () => ctx,
      () => adminA,
    );
  });
  afterAll(() => ctx.close());

  const importFile = (source: string, name: string, content: string | Buffer, cookie = adminA) => {
    const f = multipart({ source }, { filename: name, content: Buffer.isBuffer(content) ? content : Buffer.from(content) });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/screening/imports',
      headers: { cookie, 'content-type': f.contentType },
      payload: f.body,
    });
  };
  const count = async (table: string) => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`).first(ctx.db))?.n);
  const hitsFor = async (investorId: string): Promise<ScreeningHit[]> => {
    const res = await m.call('GET', '/api/screening/hits', adminA);
    expect(res.statusCode).toBe(200);
    return (res.json().hits as ScreeningHit[]).filter((h) => h.investorId === investorId);
  };

  it('an entity investor names beneficial owners and controlling persons; admins see them; nobody else does', async () => {
    const fund = await createUser(ctx, { role: 'investor', investorUserType: 'offshore_fund', name: 'Cedar Ridge Offshore Fund' });
    const cookie = await signIn(ctx, fund.email, fund.password);
    const other = await createUser(ctx, { role: 'investor', name: 'Other Investor' });
    const otherCookie = await signIn(ctx, other.email, other.password);

    const first = await m.call('POST', '/api/investor/screening/persons', cookie, {
      relation: 'beneficial_owner',
      fullName: 'Layla Haddad',
      aliases: ['ليلى حداد'],
      dateOfBirth: '1980-05-06',
      nationality: 'ae',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await m.call('POST', '/api/investor/screening/persons', cookie, {
      relation: 'controlling_person',
      fullName: 'Omar Siddiqui',
      nationality: 'GB',
    });
    expect(second.statusCode).toBe(201);
    const persons = second.json().screening.persons;
    expect(
      persons.map((p: { fullName: string; relation: string; nationality: string | null }) => [p.fullName, p.relation, p.nationality]),
    ).toEqual([
      ['Layla Haddad', 'beneficial_owner', 'AE'],
      ['Omar Siddiqui', 'controlling_person', 'GB'],
    ]);

    // Field-level errors.
    const bad = await m.call('POST', '/api/investor/screening/persons', cookie, {
      relation: 'uncle',
      fullName: ' ',
      dateOfBirth: '2999-01-01',
      nationality: 'United',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['dateOfBirth', 'fullName', 'nationality', 'relation']);

    // The admin sees them.
    const seen = await m.call('GET', `/api/screening/investors/${fund.id}`, adminA);
    expect(seen.json().screening.persons).toHaveLength(2);

    // Another investor can neither change nor delete them (404, nothing changes).
    const id = persons[0].id;
    const put = await m.call('PUT', `/api/investor/screening/persons/${id}`, otherCookie, {
      relation: 'beneficial_owner',
      fullName: 'Hijacked',
    });
    expect(put.statusCode).toBe(404);
    expect((await m.call('DELETE', `/api/investor/screening/persons/${id}`, otherCookie)).statusCode).toBe(404);
    expect((await m.call('GET', '/api/investor/screening', otherCookie)).json().screening.persons).toEqual([]);
    const after = await m.call('GET', `/api/screening/investors/${fund.id}`, adminA);
    expect(after.json().screening.persons[0].fullName).toBe('Layla Haddad');

    // The owner changes and removes their own (200 with the list as it is now; before the typed
    // repository returned the changed row, both answered 404 after doing it).
    const renamed = await m.call('PUT', `/api/investor/screening/persons/${id}`, cookie, {
      relation: 'beneficial_owner',
      fullName: 'Layla Haddad Khoury',
      nationality: 'AE',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().screening.persons.map((p: { fullName: string }) => p.fullName)).toEqual(['Layla Haddad Khoury', 'Omar Siddiqui']);
    const removed = await m.call('DELETE', `/api/investor/screening/persons/${persons[1].id}`, cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().screening.persons.map((p: { fullName: string }) => p.fullName)).toEqual(['Layla Haddad Khoury']);
    expect((await m.call('DELETE', `/api/investor/screening/persons/${persons[1].id}`, cookie)).statusCode).toBe(404);
  });

  it('a malformed or mislabelled list is refused with 400 and nothing is stored', async () => {
    const before = [await count('screening_imports'), await count('screening_entries')];
    const cases: [string, string, string, RegExp][] = [
      ['un', 'list.xml', '<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL>', /not valid XML/],
      ['un', 'list.xml', '<?xml version="1.0"?><OTHER_LIST></OTHER_LIST>', /CONSOLIDATED_LIST/],
      ['un', 'list.xml', unXml([{ ref: 'QDi.1', names: [] }]), /no name/],
      ['un', 'list.csv', unXml([{ ref: 'QDi.1', names: ['A', 'B'] }]), /\.xml file/],
      ['uae', 'uae.csv', 'Reference,Nationality\n1,Iraq\n', /no name column/],
      ['firm', 'firm.csv', 'Name\n', /no entries/],
      ['firm', 'firm.csv', 'Name,Ref\n"unclosed,1\n', /could not be read|no entries/],
      ['nowhere', 'x.csv', 'Name\nA\n', /Choose which list/],
    ];
    for (const [source, name, content, message] of cases) {
      const res = await importFile(source, name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const notUtf8 = await importFile('firm', 'firm.csv', Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe]));
    expect(notUtf8.statusCode).toBe(400);
    expect([await count('screening_imports'), await count('screening_entries')]).toEqual(before);
  });

  it('an import makes an existing investor and a named person hits; a re-import raises nothing new; a cleared hit returns only when its entry changes', async () => {
    const viktor = await m.investor('Viktor Petrovich Orlovsky');
    const fund = await createUser(ctx, { role: 'investor', investorUserType: 'family_office', name: 'Saffron Family Office' });
    const fundCookie = await signIn(ctx, fund.email, fund.password);
    await m.call('POST', '/api/investor/screening/persons', fundCookie, { relation: 'beneficial_owner', fullName: 'خالد محمود ناصر' });
    const clean = await m.investor('Priya Raman Iyer');

    const list = unXml([
      { ref: 'QDi.901', names: ['VICTOR', 'PETROVICH', 'ORLOVSKIY'], year: '1968' },
      { ref: 'QDi.902', names: ['KHALED', 'MAHMOUD', 'NASSER'], aliases: ['Khalid Nasir'] },
      { ref: 'QDi.903', names: ['ZEBEDEE', 'QUILLFEATHER'] },
    ]);
    const res = await importFile('un', 'consolidated.xml', list);
    expect(res.statusCode, res.body).toBe(201);
    const imp = res.json().import;
    expect(imp).toMatchObject({ source: 'un', entryCount: 3, added: 3, changed: 0, removed: 0 });
    // SHA-256 of the bytes sent, computed here independently.
    const { createHash } = await import('node:crypto');
    expect(imp.sha256).toBe(createHash('sha256').update(list).digest('hex'));
    await screeningIdle(ctx.db);

    const vHits = await hitsFor(viktor.id);
    expect(vHits.map((h) => [h.entryRef, h.relation, h.status])).toEqual([['QDi.901', 'investor', 'open']]);
    const fHits = await hitsFor(fund.id);
    expect(fHits.map((h) => [h.entryRef, h.relation, h.subjectName])).toEqual([['QDi.902', 'beneficial_owner', 'خالد محمود ناصر']]);
    expect(await hitsFor(clean.id)).toEqual([]);
    const done = (await m.call('GET', '/api/screening/imports', adminA)).json().imports[0];
    expect(done.rescreen.status).toBe('done');

    // Cleared as a false positive with a reason.
    const noReason = await m.call('POST', `/api/screening/hits/${fHits[0]?.id}/clear`, adminA, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBeTruthy();
    const cleared = await m.call('POST', `/api/screening/hits/${fHits[0]?.id}/clear`, adminA, {
      reason: 'Different date of birth on passport',
    });
    expect(cleared.json().hit).toMatchObject({ status: 'false_positive', clearedReason: 'Different date of birth on passport' });

    // The same list again: no entry added or changed, no new hit.
    const again = await importFile('un', 'consolidated.xml', list);
    expect(again.json().import).toMatchObject({ added: 0, changed: 0, removed: 0 });
    await screeningIdle(ctx.db);
    expect((await hitsFor(fund.id)).map((h) => h.status)).toEqual(['false_positive']);

    // The entry changes (a new alias) and one is removed: raised again, once; the diff says so.
    const changedList = unXml([
      { ref: 'QDi.901', names: ['VICTOR', 'PETROVICH', 'ORLOVSKIY'], year: '1968' },
      { ref: 'QDi.902', names: ['KHALED', 'MAHMOUD', 'NASSER'], aliases: ['Khalid Nasir', 'Abu Nasser'] },
    ]);
    const third = await importFile('un', 'consolidated-2.xml', changedList);
    expect(third.json().import).toMatchObject({ added: 0, changed: 1, removed: 1 });
    await screeningIdle(ctx.db);
    expect((await hitsFor(fund.id)).map((h) => h.status).sort()).toEqual(['false_positive', 'open']);
    const diff = await m.call('GET', `/api/screening/imports/${third.json().import.id}`, adminA);
    expect(diff.json()).toMatchObject({
      added: [],
      changed: [{ ref: 'QDi.902', name: 'KHALED MAHMOUD NASSER' }],
      removed: [{ ref: 'QDi.903', name: 'ZEBEDEE QUILLFEATHER' }],
    });
    // Viktor was not raised twice.
    expect(await hitsFor(viktor.id)).toHaveLength(1);
  });

  it('four eyes: the escalating admin cannot confirm; of 20 parallel confirmations one succeeds; the investor is frozen and compliance is e-mailed', async () => {
    const set = await m.call('PUT', '/api/settings', founderCookie, { complianceContactEmail: 'compliance@firm.example.com' });
    expect(set.statusCode, set.body).toBe(200);
    const sanctioned = await m.investor('Tariq Aziz Fadel');
    const deal = await m.openDeal('Screening Freeze Deal');
    await m.hold(sanctioned, deal.id, '1000');
    // A further commitment, not yet called (so a call could ask for it).
    const sub = await m.call('POST', '/api/investor/subscriptions', sanctioned.cookie, { dealId: deal.id, amount: '500' });
    expect(sub.statusCode, sub.body).toBe(201);
    await completeSubscriptionSigned(ctx, sub.json().subscription.id, { investorCookie: sanctioned.cookie });

    // A distribution recorded before the match, to be paid after it.
    const before = await m.call('POST', '/api/distributions', adminA, {
      dealId: deal.id,
      type: 'Income',
      totalAmount: '100',
      paymentDate: '2030-01-01',
    });
    expect(before.statusCode, before.body).toBe(201);
    const res = await importFile('firm', 'firm-list.csv', 'Ref,Name,Nationality,Aliases\nF-1,TARIQ AZIZ FADEL,Iraq,Abu Tariq\n');
    expect(res.statusCode, res.body).toBe(201);
    await screeningIdle(ctx.db);
    const [hit] = await hitsFor(sanctioned.id);
    expect(hit?.entryRef).toBe('F-1');

    const cannotConfirmOpen = await m.call('POST', `/api/screening/hits/${hit?.id}/confirm`, adminB, {});
    expect(cannotConfirmOpen.statusCode).toBe(409);
    const esc = await m.call('POST', `/api/screening/hits/${hit?.id}/escalate`, adminA, { note: 'Same name and nationality' });
    expect(esc.json().hit).toMatchObject({ status: 'escalated', escalatedBy: adminAId });
    const own = await m.call('POST', `/api/screening/hits/${hit?.id}/confirm`, adminA, {});
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('A second admin must confirm this match: you escalated it.');

    const outboxBefore = await count("email_outbox WHERE kind = 'screening_match_confirmed'");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => m.call('POST', `/api/screening/hits/${hit?.id}/confirm`, adminB, {})),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    // One alert per compliance contact: the compliance e-mail and the founder (created above).
    const mails = await sql<{ to_address: string; subject: string }>(
      "SELECT to_address, subject FROM email_outbox WHERE kind = 'screening_match_confirmed' ORDER BY to_address",
    ).all(ctx.db);
    expect(mails.length - outboxBefore).toBe(2);
    expect(mails.map((x) => x.to_address)).toContain('compliance@firm.example.com');
    expect(mails[0]?.subject).toBe('Screening match confirmed: Tariq Aziz Fadel');

    // Frozen: subscriptions, calls and distributions.
    const subscribe = await m.call('POST', '/api/investor/subscriptions', sanctioned.cookie, { dealId: deal.id, amount: '100' });
    expect(subscribe.statusCode).toBe(409);
    expect(subscribe.json().message).toBe(FROZEN_SUBSCRIPTION_MESSAGE);
    await withPaymentDetails(ctx, deal.id);
    const callRes = await m.call('POST', '/api/capital-calls', adminA, {
      dealId: deal.id,
      basis: 'amount',
      amount: '500',
      dueDate: '2030-01-01',
      purpose: 'Follow-on',
      investorIds: [sanctioned.id],
    });
    expect(callRes.statusCode, callRes.body).toBe(409);
    expect(callRes.json().message).toBe(FROZEN_CALL_MESSAGE);
    const dist = await m.call('POST', '/api/distributions', adminA, {
      dealId: deal.id,
      type: 'Income',
      totalAmount: '250',
      paymentDate: '2030-01-01',
    });
    expect(dist.statusCode, dist.body).toBe(409);
    expect(dist.json().message).toBe(FROZEN_DISTRIBUTION_MESSAGE);
    expect(await count(`capital_calls WHERE deal_id = '${deal.id}' AND purpose = 'Follow-on'`)).toBe(0);
    expect(await count(`distribution_events WHERE deal_id = '${deal.id}'`)).toBe(1);
    const pay = await m.call('POST', `/api/distributions/${before.json().event.id}/pay`, adminA, {});
    expect(pay.statusCode, pay.body).toBe(409);
    expect(pay.json().message).toBe(FROZEN_DISTRIBUTION_MESSAGE);
    expect(await count(`distribution_events WHERE deal_id = '${deal.id}' AND paid_at IS NOT NULL`)).toBe(0);
    const status = await m.call('GET', `/api/screening/investors/${sanctioned.id}`, adminA);
    expect(status.json().screening.status).toMatchObject({ frozen: true });
  }, 90_000); // 20 parallel confirmations: about 9 s alone, near the default 30 s on a loaded CI machine

  it('a PEP subscribes only after enhanced due diligence and a founder approval', async () => {
    const pep = await m.investor('Noura Said Al-Mansouri');
    const deal = await m.openDeal('PEP Deal');
    const declared = await m.call('PUT', '/api/investor/screening', pep.cookie, {
      dateOfBirth: '1975-02-03',
      nationality: 'AE',
      pepDeclared: true,
    });
    expect(declared.json().screening.status).toMatchObject({ pep: true, pepApproved: false });
    const refused = await m.call('POST', '/api/investor/subscriptions', pep.cookie, { dealId: deal.id, amount: '100' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PEP_APPROVAL_MESSAGE);

    const notFounder = await m.call('POST', `/api/screening/investors/${pep.id}/pep-approval`, adminA);
    expect(notFounder.statusCode).toBe(403);
    const noEdd = await m.call('POST', `/api/screening/investors/${pep.id}/pep-approval`, founderCookie);
    expect(noEdd.statusCode).toBe(409);
    expect(noEdd.json().message).toMatch(/Enhanced due diligence is incomplete/);
    const app = await sql<{ id: string }>('SELECT id FROM kyc_applications WHERE investor_id = $1').first(ctx.db, [pep.id]);
    for (const kind of ['source_of_funds', 'financial_statements']) {
      await ctx.db.query(
        `INSERT INTO kyc_documents (application_id, kind, file_path, original_name, extension, mime_type, byte_size, sha256)
         VALUES ($1, $2, $3, 'x.pdf', 'pdf', 'application/pdf', 10, 'x')`,
        [app?.id, kind, `kyc/${pep.id}/${kind}.pdf`],
      );
    }
    const approved = await m.call('POST', `/api/screening/investors/${pep.id}/pep-approval`, founderCookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().screening.status).toMatchObject({ pep: true, pepApproved: true });
    expect((await m.call('POST', '/api/investor/subscriptions', pep.cookie, { dealId: deal.id, amount: '100' })).statusCode).toBe(201);
  });

  it('the re-screen is resumable and reports its progress', async () => {
    for (let i = 0; i < 7; i++) await createUser(ctx, { role: 'investor', name: `Resumable Person ${i}` });
    await createUser(ctx, { role: 'investor', name: 'Quentin Marlowe Ashdown' });
    const res = await importFile('uae', 'uae.csv', 'No.,Name,Arabic Name,Nationality,Date of Birth\n7,Quentin Marlow Ashdown,,UK,\n');
    expect(res.statusCode, res.body).toBe(201);
    await screeningIdle(ctx.db);
    // Simulate a run that stopped after its first batch: reset the progress, then run in batches of 3.
    const id = res.json().import.id;
    await ctx.db.query(
      "UPDATE screening_imports SET rescreen_status = 'pending', rescreen_cursor = NULL, rescreen_done = 0, rescreen_hits = 0 WHERE id = $1",
      [id],
    );
    const seen: number[] = [];
    await expect(
      rescreenImport(ctx.db, id, {
        batchSize: 3,
        onProgress: (p) => {
          seen.push(p.done);
          if (seen.length === 2) throw new Error('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    const mid = await sql<{ rescreen_done: number; rescreen_status: string }>(
      'SELECT rescreen_done, rescreen_status FROM screening_imports WHERE id = $1',
    ).first(ctx.db, [id]);
    expect(mid).toEqual({ rescreen_done: 6, rescreen_status: 'running' });
    const total = Number((await sql<{ n: string }>("SELECT count(*) AS n FROM profiles WHERE role = 'investor'").first(ctx.db))?.n);
    const final = await rescreenImport(ctx.db, id, { batchSize: 3, onProgress: (p) => void seen.push(p.done) });
    expect(final.done).toBe(total);
    // It resumed after the six already done: its first report is 9, not 3.
    expect(seen.slice(0, 3)).toEqual([3, 6, 9]);
    const hits = (await m.call('GET', '/api/screening/hits?status=open', adminA)).json().hits as ScreeningHit[];
    expect(hits.filter((h) => h.subjectName === 'Quentin Marlowe Ashdown')).toHaveLength(1);
  });
});
