/**
 * Every e-mail the product sends, in one place: plain text and HTML, with the company name and
 * logo from the settings. Every value that comes from users (names, deal titles, reasons,
 * document names, the company name itself) goes through `esc` in HTML and is stripped of line
 * breaks in subjects. Links are written against LINK_BASE, which the sender replaces with
 * PUBLIC_URL (or the server's own address) when the e-mail goes out.
 */

/** Stands for the product's public address in stored e-mails; replaced at send time. */
export const LINK_BASE = '{{PUBLIC_URL}}';

export interface Brand {
  companyName: string;
  /** An absolute http(s) URL or a path on this server; '' for none. */
  companyLogo: string;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export const esc = (v: string): string =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** One line, no control characters: safe as a subject or a header value. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
const oneLine = (v: string): string => v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/** A paragraph: plain text, with values from users marked so they are escaped in HTML. */
type Part = string | { user: string };
type Paragraph = Part[];

const partText = (p: Part) => (typeof p === 'string' ? p : p.user);
const partHtml = (p: Part) => (typeof p === 'string' ? esc(p) : `<strong>${esc(p.user)}</strong>`);

interface Layout {
  subject: string;
  heading: string;
  paragraphs: Paragraph[];
  action?: { label: string; path: string };
  /** Path of the unsubscribe page (with its token) for non-essential e-mails. */
  unsubscribe?: { path: string; topicLabel: string };
  /** A line under the action, e.g. how long a link is valid. */
  note?: string;
}

function logoUrl(logo: string): string | null {
  const v = logo.trim();
  if (/^https?:\/\/[^\s"'<>]+$/i.test(v)) return v;
  if (/^\/[^\s"'<>]*$/.test(v) && !v.startsWith('//')) return `${LINK_BASE}${v}`;
  return null;
}

function layout(brand: Brand, l: Layout): Rendered {
  const company = oneLine(brand.companyName);
  const link = l.action ? `${LINK_BASE}${l.action.path}` : null;
  const unsubscribeLink = l.unsubscribe ? `${LINK_BASE}${l.unsubscribe.path}` : null;

  const text = [
    company,
    '',
    l.heading,
    '',
    ...l.paragraphs.flatMap((p) => [p.map(partText).join(''), '']),
    ...(link && l.action ? [`${l.action.label}: ${link}`, ''] : []),
    ...(l.note ? [l.note, ''] : []),
    '--',
    `${company}. This is an automated message; replies are not read.`,
    ...(unsubscribeLink && l.unsubscribe
      ? [`You receive this because ${l.unsubscribe.topicLabel.toLowerCase()} e-mails are on. Unsubscribe: ${unsubscribeLink}`]
      : []),
  ].join('\n');

  const logo = logoUrl(brand.companyLogo);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(oneLine(l.subject))}</title></head>
<body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2430">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#14213d;padding:18px 24px;color:#ffffff;font-size:18px;font-weight:bold">${
    logo ? `<img src="${esc(logo)}" alt="" height="28" style="vertical-align:middle;margin-right:10px;max-height:28px">` : ''
  }${esc(company)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#14213d">${esc(l.heading)}</h1>
${l.paragraphs.map((p) => `<p style="margin:0 0 14px;font-size:15px;line-height:1.5">${p.map(partHtml).join('')}</p>`).join('\n')}
${
  link && l.action
    ? `<p style="margin:20px 0"><a href="${esc(link)}" style="display:inline-block;background:#b8860b;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${esc(l.action.label)}</a></p>
<p style="margin:0 0 14px;font-size:13px;color:#555b66">Or open this address: <a href="${esc(link)}" style="color:#14213d">${esc(link)}</a></p>`
    : ''
}
${l.note ? `<p style="margin:0 0 14px;font-size:13px;color:#555b66">${esc(l.note)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e3e5ea;font-size:12px;color:#555b66">${esc(company)}. This is an automated message; replies are not read.${
    unsubscribeLink && l.unsubscribe
      ? `<br>You receive this because ${esc(l.unsubscribe.topicLabel.toLowerCase())} e-mails are on. <a href="${esc(unsubscribeLink)}" style="color:#14213d">Unsubscribe</a>`
      : ''
  }</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: oneLine(l.subject), text, html };
}

/** Options every non-essential template takes: the unsubscribe link of the recipient and topic. */
export interface Unsub {
  path: string;
  topicLabel: string;
}

const hello = (name: string): Paragraph => ['Dear ', { user: name }, ','];

export const templates = {
  passwordReset(brand: Brand, a: { name: string; token: string; minutes: number }): Rendered {
    return layout(brand, {
      subject: `Reset your ${brand.companyName} password`,
      heading: 'Set a new password',
      paragraphs: [
        hello(a.name),
        ['We received a request to reset the password of your account. Use the button below to choose a new one.'],
        ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
      ],
      action: { label: 'Set a new password', path: `/reset-password#token=${encodeURIComponent(a.token)}` },
      note: `The link works once and expires in ${a.minutes} minutes. Using it signs you out everywhere else.`,
    });
  },

  testEmail(brand: Brand, a: { sentBy: string }): Rendered {
    return layout(brand, {
      subject: `Test e-mail from ${brand.companyName}`,
      heading: 'SMTP settings work',
      paragraphs: [['This test e-mail was sent from the Email tab of the settings by ', { user: a.sentBy }, '.']],
    });
  },

  accountApproved(brand: Brand, a: { name: string }): Rendered {
    return layout(brand, {
      subject: 'Your investor account is approved',
      heading: 'Your account is approved',
      paragraphs: [hello(a.name), ['An administrator has approved your investor account. You can now sign in to the investor portal.']],
      action: { label: 'Sign in', path: '/login' },
    });
  },

  kycDecision(brand: Brand, a: { name: string; approved: boolean; reason: string | null }, unsub: Unsub): Rendered {
    return layout(brand, {
      subject: a.approved ? 'Your KYC application is approved' : 'Your KYC application needs attention',
      heading: a.approved ? 'KYC approved' : 'KYC not approved',
      paragraphs: [
        hello(a.name),
        a.approved
          ? ['Your KYC application has been approved. You can now subscribe to open deals.']
          : ['Your KYC application was not approved.'],
        ...(a.approved ? [] : [['Reason: ', { user: a.reason ?? 'no reason was given' }] as Paragraph]),
        ...(a.approved ? [] : [['Please review your documents in the portal and submit again.'] as Paragraph]),
      ],
      action: { label: a.approved ? 'Open the portal' : 'Review my application', path: a.approved ? '/investor' : '/investor/compliance' },
      unsubscribe: unsub,
    });
  },

  dealOpen(brand: Brand, a: { name: string; title: string; type: string; target: string | null }, unsub: Unsub): Rendered {
    return layout(brand, {
      subject: `New deal open for subscription: ${a.title}`,
      heading: 'A new deal is open for subscription',
      paragraphs: [
        hello(a.name),
        ['The deal ', { user: a.title }, ' (', { user: a.type }, ') is now open for subscription.'],
        ...(a.target ? [['Target raise: ', { user: a.target }, '.'] as Paragraph] : []),
      ],
      action: { label: 'View in the Deal Vault', path: '/investor/deals' },
      unsubscribe: unsub,
    });
  },

  capitalCallIssued(brand: Brand, a: { name: string; dealTitle: string; amount: string; dueDate: string }, unsub: Unsub): Rendered {
    return layout(brand, {
      subject: `Capital call: ${a.dealTitle}, due ${a.dueDate}`,
      heading: 'Capital call issued',
      paragraphs: [
        hello(a.name),
        ['A capital call has been issued for ', { user: a.dealTitle }, '.'],
        ['Amount due: ', { user: a.amount }, '. Due date: ', { user: a.dueDate }, '.'],
      ],
      action: { label: 'View the capital call', path: '/investor' },
      unsubscribe: unsub,
    });
  },

  capitalCallReminder(brand: Brand, a: { name: string; dealTitle: string; amount: string; dueDate: string }, unsub: Unsub): Rendered {
    return layout(brand, {
      subject: `Reminder: capital call for ${a.dealTitle} due ${a.dueDate}`,
      heading: 'Capital call due soon',
      paragraphs: [
        hello(a.name),
        ['This is a reminder that the capital call for ', { user: a.dealTitle }, ' is due on ', { user: a.dueDate }, '.'],
        ['Amount due: ', { user: a.amount }, '.'],
      ],
      action: { label: 'View the capital call', path: '/investor' },
      unsubscribe: unsub,
    });
  },

  distribution(
    brand: Brand,
    a: { name: string; dealTitle: string; amount: string; paymentDate: string; paid: boolean },
    unsub: Unsub,
  ): Rendered {
    return layout(brand, {
      subject: a.paid ? `Distribution paid: ${a.dealTitle}` : `Distribution recorded: ${a.dealTitle}`,
      heading: a.paid ? 'A distribution has been paid' : 'A distribution has been recorded',
      paragraphs: [
        hello(a.name),
        a.paid
          ? ['Your distribution from ', { user: a.dealTitle }, ' of ', { user: a.amount }, ' has been paid.']
          : [
              'A distribution from ',
              { user: a.dealTitle },
              ' has been recorded: your share is ',
              { user: a.amount },
              ', payment date ',
              { user: a.paymentDate },
              '.',
            ],
      ],
      action: { label: 'Open the Distribution Calendar', path: '/investor/distributions' },
      unsubscribe: unsub,
    });
  },

  newDocument(brand: Brand, a: { name: string; documentName: string; documentType: string }, unsub: Unsub): Rendered {
    return layout(brand, {
      subject: `New document: ${a.documentName}`,
      heading: 'A new document is available',
      paragraphs: [
        hello(a.name),
        ['A new document, ', { user: a.documentName }, ' (', { user: a.documentType }, '), has been shared with you.'],
      ],
      action: { label: 'Open the portal', path: '/investor/compliance' },
      unsubscribe: unsub,
    });
  },

  /** Never carries the message's text or attachment: only that a message is waiting. */
  messageForInvestor(brand: Brand, a: { name: string; threadId: string }, unsub: Unsub): Rendered {
    return layout(brand, {
      subject: 'You have a new secure message',
      heading: 'A secure message is waiting',
      paragraphs: [hello(a.name), ['The team has sent you a secure message. For your security it is not included in this e-mail.']],
      action: { label: 'Read it in Secure Messages', path: `/investor/messages?thread=${encodeURIComponent(a.threadId)}` },
      unsubscribe: unsub,
    });
  },

  messageForAdmin(brand: Brand, a: { name: string; investorName: string; threadId: string }, unsub: Unsub): Rendered {
    return layout(brand, {
      subject: `New secure message from ${a.investorName}`,
      heading: 'A new secure message',
      paragraphs: [hello(a.name), [{ user: a.investorName }, ' has sent a secure message. It is not included in this e-mail.']],
      action: { label: 'Open the inbox', path: `/admin/messages?thread=${encodeURIComponent(a.threadId)}` },
      unsubscribe: unsub,
    });
  },

  signupWaiting(brand: Brand, a: { name: string; investorName: string; investorEmail: string }, unsub: Unsub): Rendered {
    return layout(brand, {
      subject: `New sign-up waiting for approval: ${a.investorName}`,
      heading: 'A new investor is waiting for approval',
      paragraphs: [hello(a.name), [{ user: a.investorName }, ' (', { user: a.investorEmail }, ') has signed up and waits for approval.']],
      action: { label: 'Open User Management', path: '/admin/users' },
      unsubscribe: unsub,
    });
  },

  kycSubmitted(brand: Brand, a: { name: string; investorName: string }, unsub: Unsub): Rendered {
    return layout(brand, {
      subject: `KYC submitted for review: ${a.investorName}`,
      heading: 'A KYC application is ready for review',
      paragraphs: [hello(a.name), [{ user: a.investorName }, ' has submitted their KYC application for review.']],
      action: { label: 'Open Investor Onboarding', path: '/admin/investors' },
      unsubscribe: unsub,
    });
  },

  subscriptionSubmitted(
    brand: Brand,
    a: { name: string; investorName: string; dealTitle: string; amount: string },
    unsub: Unsub,
  ): Rendered {
    return layout(brand, {
      subject: `Subscription submitted: ${a.dealTitle}`,
      heading: 'A subscription was submitted',
      paragraphs: [hello(a.name), [{ user: a.investorName }, ' has subscribed ', { user: a.amount }, ' to ', { user: a.dealTitle }, '.']],
      action: { label: 'Review subscriptions', path: '/admin/investors?tab=subscriptions' },
      unsubscribe: unsub,
    });
  },

  complianceDigest(
    brand: Brand,
    a: { name: string; overdue: { title: string; due: string }[]; dueSoon: { title: string; due: string }[] },
    unsub: Unsub,
  ): Rendered {
    const list = (items: { title: string; due: string }[]): Paragraph[] => items.map((i) => ['- ', { user: i.title }, ` (due ${i.due})`]);
    return layout(brand, {
      subject: `Compliance: ${a.overdue.length} overdue, ${a.dueSoon.length} due within 7 days`,
      heading: 'Compliance digest',
      paragraphs: [
        hello(a.name),
        ...(a.overdue.length > 0 ? [[`Overdue (${a.overdue.length}):`] as Paragraph, ...list(a.overdue)] : []),
        ...(a.dueSoon.length > 0 ? [[`Due within 7 days (${a.dueSoon.length}):`] as Paragraph, ...list(a.dueSoon)] : []),
      ],
      action: { label: 'Open the Compliance Center', path: '/admin/compliance' },
      unsubscribe: unsub,
    });
  },
};
