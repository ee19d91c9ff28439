import { FULL_FIELDS, templatePdf } from './signing-fixtures.ts';

/**
 * Completing a subscription over HTTP against a running server (issue 30, decision 036): the only
 * way a subscription completes is the countersignature of its signed agreement. Used by the
 * PostgreSQL crash test's load (src/server/faults/load.ts) and the bench's load mix
 * (bench/load.ts); the in-process suites use completeSubscriptionSigned in ./signing.ts.
 */

/** Who acts in a step: a session plus what re-authentication and the signature need. */
export interface SigningParty {
  cookie: string;
  /** The investor's name as typed signature; the admin's signatory name. */
  name: string;
  /** For re-authentication at the moment of signing (accounts without two-factor). */
  password: string;
}

export type SigningStep = 'open' | 'sign' | 'countersign';

/** Sends one JSON POST as the party; network errors are thrown, not answered. */
export type SigningPost = (
  party: SigningParty,
  step: SigningStep,
  path: string,
  json: unknown,
) => Promise<{ status: number; body: unknown }>;

/** The outcome: the first step not answered 2xx, or the countersignature's 200 (the completion). */
export interface SigningOutcome {
  step: SigningStep;
  status: number;
  body: unknown;
}

/**
 * Uploads the test pack (the fixture template with every field placed) to a deal as an admin
 * allowed to manage packs. Every deal needs a complete pack before it takes subscriptions.
 */
export async function uploadSubscriptionPack(base: string, adminCookie: string, dealId: string): Promise<void> {
  const form = new FormData();
  form.append('fields', JSON.stringify(FULL_FIELDS));
  form.append('file', new Blob([new Uint8Array(await templatePdf())], { type: 'application/pdf' }), 'agreement.pdf');
  const res = await fetch(`${base}/api/deals/${dealId}/subscription-pack`, {
    method: 'POST',
    headers: { cookie: adminCookie },
    body: form,
  });
  if (res.status < 200 || res.status > 299) throw new Error(`subscription pack upload for ${dealId}: ${res.status} ${await res.text()}`);
}

/**
 * The investor opens the agreement and signs it (typed name, password re-authentication), then
 * the countersigner (founder or legal by default) countersigns with re-authentication, which
 * completes the subscription and posts the commitment. Only `{ step: 'countersign', status: 200 }`
 * is an acknowledged completion. An envelope already signed (a retry) goes straight to the
 * countersignature.
 */
export async function signAndCountersign(
  post: SigningPost,
  subscriptionId: string,
  investor: SigningParty,
  countersigner: SigningParty,
): Promise<SigningOutcome> {
  const opened = await post(investor, 'open', `/api/investor/subscriptions/${subscriptionId}/envelope`, {});
  if (opened.status < 200 || opened.status > 299) return { step: 'open', ...opened };
  const envelope = (opened.body as { envelope: { id: string; status: string } }).envelope;
  if (envelope.status === 'sent') {
    const signed = await post(investor, 'sign', `/api/investor/envelopes/${envelope.id}/sign`, {
      consent: true,
      method: 'typed',
      typedName: investor.name,
      password: investor.password,
    });
    if (signed.status < 200 || signed.status > 299) return { step: 'sign', ...signed };
  }
  const done = await post(countersigner, 'countersign', `/api/signing/envelopes/${envelope.id}/countersign`, {
    name: countersigner.name,
    title: 'Managing Partner',
    password: countersigner.password,
  });
  return { step: 'countersign', ...done };
}
