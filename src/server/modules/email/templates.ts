import type { NotificationTopic } from '../../../shared/email.ts';
import { formatDate, formatUSDCents, formatUSDExact } from '../../../shared/format.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { enumLabel, isolateFor, localeOf, type Translate, translator } from '../../i18n.ts';

/**
 * Every e-mail the product sends, in one place: plain text and HTML, with the company name and
 * logo from the settings, in the recipient's language (issue 16: the `email` catalogue; Arabic
 * e-mails are right to left). Dates and amounts go through the format module in the recipient's
 * display locale ('3 Jul 2026'; Arabic month names, Western digits). Every value that comes from users (names, deal titles, reasons,
 * document names, the company name itself) is data, never a template (decision record 028):
 * `userText` removes control characters (CR/LF, ESC and terminal sequences) and bidirectional
 * controls from it everywhere (subject, text and HTML), and `esc` escapes it in HTML. Links are
 * written against LINK_BASE, which the sender replaces with PUBLIC_URL (or the server's own
 * address) when the e-mail goes out: LINK_BASE is made of control characters, so no value from a
 * user can contain it and become a link. Headers come from server values only (`unsubscribePath`).
 */

/**
 * Stands for the product's public address in stored e-mails; replaced at send time. Its unit
 * separators (U+001F) are removed from every user value, so only the templates write it.
 */
export const LINK_BASE = '\u001fPUBLIC_URL\u001f';

/**
 * A value from a user, as e-mails carry it: C0 and C1 control characters (line breaks, tabs, ESC
 * and the terminal sequences it starts, U+009B CSI) become one space; the bidirectional controls
 * (ALM, LRM/RLM, the embeddings and overrides U+202A-202E, the isolates U+2066-2069) are removed,
 * so a name cannot reverse the subject or the text around it (Arabic e-mails isolate it again with
 * the product's own marks).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;
export const userText = (v: string): string =>
  v
    .replace(CONTROLS, ' ')
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();

export interface Brand {
  companyName: string;
  /** An absolute http(s) URL or a path on this server; '' for none. */
  companyLogo: string;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
  /** The unsubscribe page's path with its token (server values only), for the List-Unsubscribe header. */
  unsubscribePath?: string | null;
}

export const esc = (v: string): string =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A user value on one line, no control or bidirectional characters. */
const oneLine = userText;
/**
 * A composed line (the subject: the catalogue's sentence with user values already cleaned and, in
 * Arabic, isolated by the product's own marks): control characters out, those marks kept.
 */
const composedLine = (v: string): string => v.replace(CONTROLS, ' ').trim();

/** A paragraph: plain text, with values from users marked so they are escaped in HTML. */
type Part = string | { user: string };
type Paragraph = Part[];

const partText = (p: Part, lang: Language) => (typeof p === 'string' ? p : isolateFor(lang, userText(p.user)));
const partHtml = (p: Part, lang: Language) =>
  typeof p === 'string'
    ? esc(p)
    : lang === 'ar'
      ? `<strong><bdi>${esc(userText(p.user))}</bdi></strong>`
      : `<strong>${esc(userText(p.user))}</strong>`;

interface Layout {
  subject: string;
  heading: string;
  paragraphs: Paragraph[];
  action?: { label: string; path: string };
  /** Path of the unsubscribe page (with its token) for non-essential e-mails. */
  unsubscribe?: Unsub;
  /** A line under the action, e.g. how long a link is valid. */
  note?: string;
}

function logoUrl(logo: string): string | null {
  const v = logo.trim();
  if (/^https?:\/\/[^\s"'<>]+$/i.test(v)) return v;
  if (/^\/[^\s"'<>]*$/.test(v) && !v.startsWith('//')) return `${LINK_BASE}${v}`;
  return null;
}

function layout(brand: Brand, lang: Language, l: Layout): Rendered {
  const t = translator(lang);
  const rtl = lang === 'ar';
  const company = oneLine(brand.companyName);
  const link = l.action ? `${LINK_BASE}${l.action.path}` : null;
  const unsubscribeLink = l.unsubscribe ? `${LINK_BASE}${l.unsubscribe.path}` : null;
  const topic = l.unsubscribe ? t(`topic.${l.unsubscribe.topic}`) : '';
  const footer = t('layout.footer', { company: isolateFor(lang, company) });

  const text = [
    company,
    '',
    l.heading,
    '',
    ...l.paragraphs.flatMap((p) => [p.map((part) => partText(part, lang)).join(''), '']),
    ...(link && l.action ? [`${l.action.label}: ${link}`, ''] : []),
    ...(l.note ? [l.note, ''] : []),
    '--',
    footer,
    ...(unsubscribeLink ? [t('layout.unsubscribeText', { topic, link: unsubscribeLink })] : []),
  ].join('\n');

  const logo = logoUrl(brand.companyLogo);
  const html = `<!doctype html>
<html lang="${lang}"${rtl ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(composedLine(l.subject))}</title></head>
<body style="margin:0;background:#f4f5f7;font-family:${rtl ? "'Noto Sans Arabic',Tahoma," : ''}Arial,Helvetica,sans-serif;color:#1f2430"${rtl ? ' dir="rtl"' : ''}>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden${rtl ? ';text-align:right' : ''}"${rtl ? ' dir="rtl"' : ''}>
<tr><td style="background:#14213d;padding:18px 24px;color:#ffffff;font-size:18px;font-weight:bold">${
    logo
      ? `<img src="${esc(logo)}" alt="" height="28" style="vertical-align:middle;${rtl ? 'margin-left' : 'margin-right'}:10px;max-height:28px">`
      : ''
  }${esc(company)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#14213d">${esc(l.heading)}</h1>
${l.paragraphs.map((p) => `<p style="margin:0 0 14px;font-size:15px;line-height:1.5">${p.map((part) => partHtml(part, lang)).join('')}</p>`).join('\n')}
${
  link && l.action
    ? `<p style="margin:20px 0"><a href="${esc(link)}" style="display:inline-block;background:#b8860b;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${esc(l.action.label)}</a></p>
<p style="margin:0 0 14px;font-size:13px;color:#555b66">${esc(t('layout.openAddress'))} <a href="${esc(link)}" style="color:#14213d"${rtl ? ' dir="ltr"' : ''}>${esc(link)}</a></p>`
    : ''
}
${l.note ? `<p style="margin:0 0 14px;font-size:13px;color:#555b66">${esc(l.note)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e3e5ea;font-size:12px;color:#555b66">${esc(footer)}${
    unsubscribeLink
      ? `<br>${esc(t('layout.unsubscribeHtml', { topic }))} <a href="${esc(unsubscribeLink)}" style="color:#14213d">${esc(t('layout.unsubscribe'))}</a>`
      : ''
  }</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: composedLine(l.subject), text, html, unsubscribePath: l.unsubscribe?.path ?? null };
}

/** Options every non-essential template takes: the unsubscribe link of the recipient and topic. */
export interface Unsub {
  path: string;
  topic: NotificationTopic;
}

/** Who an e-mail is written for: the brand and the recipient's language. */
export interface Audience extends Brand {
  language: Language;
}

/**
 * A sentence of the catalogue with values from users kept apart (bold, escaped in HTML, isolated
 * in Arabic): each value becomes a marker in the translation, then the text is split at them.
 */
function sentence(t: Translate, key: string, users: Record<string, string> = {}, plain: Record<string, unknown> = {}): Paragraph {
  const names = Object.keys(users);
  const text = t(key, { ...plain, ...Object.fromEntries(names.map((n, i) => [n, `\uE000${i}\uE000`])) });
  return text
    .split(/\uE000(\d+)\uE000/)
    .map((part, i): Part => (i % 2 === 1 ? { user: users[names[Number(part)] as string] as string } : part))
    .filter((p) => p !== '');
}

/** Values in a subject or plain line: isolated in Arabic. */
const plainValues = (lang: Language, values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isolateFor(lang, oneLine(v))]));

/**
 * An amount (decimal string) as the language writes it, through the format module: English to the
 * cent ('$12,500.00'); Arabic exactly as stored ('$12,500', '$12,500.01'). Western digits in both
 * (decision 021: e-mails are records).
 */
const amountIn = (lang: Language, v: string) => (lang === 'en' ? formatUSDCents(v) : formatUSDExact(v));
/** A calendar day ('YYYY-MM-DD') through the format module in the recipient's display locale: '3 Jul 2026'. */
const dayIn = (lang: Language, iso: string) => formatDate(iso, { locale: localeOf(lang) });

const hello = (t: Translate, name: string): Paragraph => sentence(t, 'layout.hello', { name });

export const templates = {
  passwordReset(to: Audience, a: { name: string; token: string; minutes: number }): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('passwordReset.subject', plainValues(to.language, { company: to.companyName })),
      heading: t('passwordReset.heading'),
      paragraphs: [hello(t, a.name), [t('passwordReset.request')], [t('passwordReset.ignore')]],
      action: { label: t('passwordReset.action'), path: `/reset-password#token=${encodeURIComponent(a.token)}` },
      note: t('passwordReset.note', { count: a.minutes }),
    });
  },

  /** To the new address of an e-mail change (decision record 028): a link, nothing changed yet. */
  emailChangeConfirm(to: Audience, a: { name: string; newEmail: string; requestedBy: string; token: string }): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('emailChangeConfirm.subject', plainValues(to.language, { company: to.companyName })),
      heading: t('emailChangeConfirm.heading'),
      paragraphs: [
        hello(t, a.name),
        sentence(t, 'emailChangeConfirm.body', { requestedBy: a.requestedBy, email: a.newEmail, company: to.companyName }),
        [t('emailChangeConfirm.ignore')],
      ],
      action: { label: t('emailChangeConfirm.action'), path: `/confirm-email#token=${encodeURIComponent(a.token)}` },
      note: t('emailChangeConfirm.note'),
    });
  },

  /** To the old address once a change is confirmed. */
  emailChanged(to: Audience, a: { name: string; newEmail: string }): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('emailChanged.subject', plainValues(to.language, { company: to.companyName })),
      heading: t('emailChanged.heading'),
      paragraphs: [hello(t, a.name), sentence(t, 'emailChanged.body', { email: a.newEmail }), [t('emailChanged.contact')]],
      action: { label: t('accountApproved.action'), path: '/login' },
    });
  },

  /** The audit chain's latest link, to an address usually outside the firm (decision 042). */
  auditHead(to: Audience, a: { seq: number; hash: string; at: string; sentBy: string }): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('auditHead.subject', plainValues(to.language, { company: to.companyName })),
      heading: t('auditHead.heading'),
      paragraphs: [
        sentence(t, 'auditHead.body', { sentBy: a.sentBy, company: to.companyName }),
        [t('auditHead.position', { seq: String(a.seq) })],
        [t('auditHead.hash', { hash: a.hash })],
        [t('auditHead.at', { at: a.at })],
        [t('auditHead.keep', { seq: String(a.seq), hash: a.hash })],
      ],
    });
  },

  /** To the compliance contacts when the daily verification finds the chain broken. */
  auditChainBroken(to: Audience, a: { problem: string; checked: number }): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('auditChainBroken.subject', plainValues(to.language, { company: to.companyName })),
      heading: t('auditChainBroken.heading'),
      paragraphs: [[t('auditChainBroken.body', { checked: String(a.checked) })], [a.problem], [t('auditChainBroken.action')]],
      action: { label: t('auditChainBroken.open'), path: '/admin/audit-trail' },
    });
  },

  testEmail(to: Audience, a: { sentBy: string }): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('testEmail.subject', plainValues(to.language, { company: to.companyName })),
      heading: t('testEmail.heading'),
      paragraphs: [sentence(t, 'testEmail.body', { sentBy: a.sentBy })],
    });
  },

  accountApproved(to: Audience, a: { name: string }): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('accountApproved.subject'),
      heading: t('accountApproved.heading'),
      paragraphs: [hello(t, a.name), [t('accountApproved.body')]],
      action: { label: t('accountApproved.action'), path: '/login' },
    });
  },

  kycDecision(to: Audience, a: { name: string; approved: boolean; reason: string | null }, unsub: Unsub): Rendered {
    const t = translator(to.language);
    const k = a.approved ? 'kycApproved' : 'kycRejected';
    return layout(to, to.language, {
      subject: t(`${k}.subject`),
      heading: t(`${k}.heading`),
      paragraphs: [
        hello(t, a.name),
        [t(`${k}.body`)],
        ...(a.approved ? [] : [sentence(t, 'kycRejected.reason', { reason: a.reason ?? t('kycRejected.noReason') })]),
        ...(a.approved ? [] : [[t('kycRejected.review')] as Paragraph]),
      ],
      action: { label: t(`${k}.action`), path: a.approved ? '/investor' : '/investor/compliance' },
      unsubscribe: unsub,
    });
  },

  /** A change of circumstances: a new tax self-certification is due (decision 049). Essential. */
  taxRecertify(to: Audience, a: { name: string; dueDate: string }): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('taxRecertify.subject'),
      heading: t('taxRecertify.heading'),
      paragraphs: [hello(t, a.name), [t('taxRecertify.body', { dueDate: dayIn(to.language, a.dueDate) })]],
      action: { label: t('taxRecertify.action'), path: '/investor/compliance' },
    });
  },

  taxRenewalReminder(to: Audience, a: { name: string; dueDate: string; stage: 'before' | 'due' }): Rendered {
    const t = translator(to.language);
    const key = a.stage === 'due' ? 'taxRenewalDue' : 'taxRenewalSoon';
    return layout(to, to.language, {
      subject: t(`${key}.subject`),
      heading: t(`${key}.heading`),
      paragraphs: [hello(t, a.name), [t(`${key}.body`, { dueDate: dayIn(to.language, a.dueDate) })]],
      action: { label: t('taxRecertify.action'), path: '/investor/compliance' },
    });
  },

  kycRefreshReminder(to: Audience, a: { name: string; dueDate: string; stage: 'before' | 'due' }): Rendered {
    const t = translator(to.language);
    const key = a.stage === 'due' ? 'kycRefreshDue' : 'kycRefreshSoon';
    return layout(to, to.language, {
      subject: t(`${key}.subject`),
      heading: t(`${key}.heading`),
      paragraphs: [hello(t, a.name), [t(`${key}.body`, { dueDate: dayIn(to.language, a.dueDate) })]],
      action: { label: t('taxRecertify.action'), path: '/investor/compliance' },
    });
  },

  dealOpen(to: Audience, a: { name: string; title: string; type: string; target: string | null }, unsub: Unsub): Rendered {
    const t = translator(to.language);
    const lang = to.language;
    return layout(to, lang, {
      subject: t('dealOpen.subject', plainValues(lang, { title: a.title })),
      heading: t('dealOpen.heading'),
      paragraphs: [
        hello(t, a.name),
        sentence(t, 'dealOpen.body', { title: a.title, type: lang === 'en' ? a.type : enumLabel(lang, 'dealType', a.type) }),
        ...(a.target ? [sentence(t, 'dealOpen.target', { target: amountIn(lang, a.target) })] : []),
      ],
      action: { label: t('dealOpen.action'), path: '/investor/deals' },
      unsubscribe: unsub,
    });
  },

  capitalCallIssued(to: Audience, a: { name: string; dealTitle: string; amount: string; dueDate: string }, unsub: Unsub): Rendered {
    const t = translator(to.language);
    const lang = to.language;
    const due = dayIn(lang, a.dueDate);
    return layout(to, lang, {
      subject: t('capitalCallIssued.subject', plainValues(lang, { deal: a.dealTitle, due })),
      heading: t('capitalCallIssued.heading'),
      paragraphs: [
        hello(t, a.name),
        sentence(t, 'capitalCallIssued.body', { deal: a.dealTitle }),
        sentence(t, 'capitalCallIssued.amount', { amount: amountIn(lang, a.amount), due }),
      ],
      action: { label: t('capitalCallIssued.action'), path: '/investor' },
      unsubscribe: unsub,
    });
  },

  capitalCallReminder(to: Audience, a: { name: string; dealTitle: string; amount: string; dueDate: string }, unsub: Unsub): Rendered {
    const t = translator(to.language);
    const lang = to.language;
    const due = dayIn(lang, a.dueDate);
    return layout(to, lang, {
      subject: t('capitalCallReminder.subject', plainValues(lang, { deal: a.dealTitle, due })),
      heading: t('capitalCallReminder.heading'),
      paragraphs: [
        hello(t, a.name),
        sentence(t, 'capitalCallReminder.body', { deal: a.dealTitle, due }),
        sentence(t, 'capitalCallReminder.amount', { amount: amountIn(lang, a.amount) }),
      ],
      action: { label: t('capitalCallReminder.action'), path: '/investor' },
      unsubscribe: unsub,
    });
  },

  distribution(
    to: Audience,
    a: { name: string; dealTitle: string; amount: string; paymentDate: string; paid: boolean },
    unsub: Unsub,
  ): Rendered {
    const t = translator(to.language);
    const lang = to.language;
    const k = a.paid ? 'distributionPaid' : 'distributionRecorded';
    return layout(to, lang, {
      subject: t(`${k}.subject`, plainValues(lang, { deal: a.dealTitle })),
      heading: t(`${k}.heading`),
      paragraphs: [
        hello(t, a.name),
        a.paid
          ? sentence(t, 'distributionPaid.body', { deal: a.dealTitle, amount: amountIn(lang, a.amount) })
          : sentence(t, 'distributionRecorded.body', {
              deal: a.dealTitle,
              amount: amountIn(lang, a.amount),
              date: dayIn(lang, a.paymentDate),
            }),
      ],
      action: { label: t('distribution.action'), path: '/investor/distributions' },
      unsubscribe: unsub,
    });
  },

  newDocument(to: Audience, a: { name: string; documentName: string; documentType: string }, unsub: Unsub): Rendered {
    const t = translator(to.language);
    const lang = to.language;
    return layout(to, lang, {
      subject: t('newDocument.subject', plainValues(lang, { document: a.documentName })),
      heading: t('newDocument.heading'),
      paragraphs: [
        hello(t, a.name),
        sentence(t, 'newDocument.body', {
          document: a.documentName,
          type: lang === 'en' ? a.documentType : enumLabel(lang, 'documentType', a.documentType),
        }),
      ],
      action: { label: t('newDocument.action'), path: '/investor/compliance' },
      unsubscribe: unsub,
    });
  },

  /** Never carries the message's text or attachment: only that a message is waiting. */
  messageForInvestor(to: Audience, a: { name: string; threadId: string }, unsub: Unsub): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('messageForInvestor.subject'),
      heading: t('messageForInvestor.heading'),
      paragraphs: [hello(t, a.name), [t('messageForInvestor.body')]],
      action: { label: t('messageForInvestor.action'), path: `/investor/messages?thread=${encodeURIComponent(a.threadId)}` },
      unsubscribe: unsub,
    });
  },

  messageForAdmin(to: Audience, a: { name: string; investorName: string; threadId: string }, unsub: Unsub): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('messageForAdmin.subject', plainValues(to.language, { investor: a.investorName })),
      heading: t('messageForAdmin.heading'),
      paragraphs: [hello(t, a.name), sentence(t, 'messageForAdmin.body', { investor: a.investorName })],
      action: { label: t('messageForAdmin.action'), path: `/admin/messages?thread=${encodeURIComponent(a.threadId)}` },
      unsubscribe: unsub,
    });
  },

  signupWaiting(to: Audience, a: { name: string; investorName: string; investorEmail: string }, unsub: Unsub): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('signupWaiting.subject', plainValues(to.language, { investor: a.investorName })),
      heading: t('signupWaiting.heading'),
      paragraphs: [hello(t, a.name), sentence(t, 'signupWaiting.body', { investor: a.investorName, email: a.investorEmail })],
      action: { label: t('signupWaiting.action'), path: '/admin/users' },
      unsubscribe: unsub,
    });
  },

  kycSubmitted(to: Audience, a: { name: string; investorName: string }, unsub: Unsub): Rendered {
    const t = translator(to.language);
    return layout(to, to.language, {
      subject: t('kycSubmitted.subject', plainValues(to.language, { investor: a.investorName })),
      heading: t('kycSubmitted.heading'),
      paragraphs: [hello(t, a.name), sentence(t, 'kycSubmitted.body', { investor: a.investorName })],
      action: { label: t('kycSubmitted.action'), path: '/admin/investors' },
      unsubscribe: unsub,
    });
  },

  subscriptionSubmitted(
    to: Audience,
    a: { name: string; investorName: string; dealTitle: string; amount: string },
    unsub: Unsub,
  ): Rendered {
    const t = translator(to.language);
    const lang = to.language;
    return layout(to, lang, {
      subject: t('subscriptionSubmitted.subject', plainValues(lang, { deal: a.dealTitle })),
      heading: t('subscriptionSubmitted.heading'),
      paragraphs: [
        hello(t, a.name),
        sentence(t, 'subscriptionSubmitted.body', { investor: a.investorName, amount: amountIn(lang, a.amount), deal: a.dealTitle }),
      ],
      action: { label: t('subscriptionSubmitted.action'), path: '/admin/investors?tab=subscriptions' },
      unsubscribe: unsub,
    });
  },

  complianceDigest(
    to: Audience,
    a: { name: string; overdue: { title: string; due: string }[]; dueSoon: { title: string; due: string }[] },
    unsub: Unsub,
  ): Rendered {
    const t = translator(to.language);
    const lang = to.language;
    const list = (items: { title: string; due: string }[]): Paragraph[] =>
      items.map((i) => sentence(t, 'complianceDigest.item', { title: i.title }, { due: dayIn(lang, i.due) }));
    return layout(to, lang, {
      subject: t('complianceDigest.subject', { overdue: a.overdue.length, dueSoon: a.dueSoon.length }),
      heading: t('complianceDigest.heading'),
      paragraphs: [
        hello(t, a.name),
        ...(a.overdue.length > 0 ? [[t('complianceDigest.overdue', { n: a.overdue.length })] as Paragraph, ...list(a.overdue)] : []),
        ...(a.dueSoon.length > 0 ? [[t('complianceDigest.dueSoon', { n: a.dueSoon.length })] as Paragraph, ...list(a.dueSoon)] : []),
      ],
      action: { label: t('complianceDigest.action'), path: '/admin/compliance' },
      unsubscribe: unsub,
    });
  },
  /**
   * Essential, to the investor about their subscription agreement (issue 30, decision 036): an
   * admin voided it (with the reason), sent a fresh one, or reminded them to sign.
   */
  signingEnvelope(
    to: Audience,
    a: {
      name: string;
      deal: string;
      kind: 'voided' | 'resent' | 'reminder';
      reason: string | null;
      subscriptionId: string;
      expires: string | null;
    },
  ): Rendered {
    const t = translator(to.language);
    const lang = to.language;
    const k = `signingEnvelope.${a.kind}`;
    return layout(to, lang, {
      subject: t(`${k}.subject`, plainValues(lang, { deal: a.deal })),
      heading: t(`${k}.heading`),
      paragraphs: [
        hello(t, a.name),
        sentence(t, `${k}.body`, { deal: a.deal }),
        ...(a.reason ? [sentence(t, 'signingEnvelope.reason', { reason: a.reason })] : []),
        ...(a.expires ? [[t('signingEnvelope.expires', { date: dayIn(lang, a.expires) })] as Paragraph] : []),
      ],
      action: {
        label: t(`${k}.action`),
        path: a.kind === 'voided' ? '/investor/subscriptions' : `/investor/subscriptions/${encodeURIComponent(a.subscriptionId)}/sign`,
      },
    });
  },
};
