import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ManagedUser } from '../../../shared/users';
import { ADMIN_USERS } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field, findDialog } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { ComposeDialog } from './compose-dialog';

// MESSAGE_ATTACHMENT_EXTENSIONS, written out.
const ALLOWED = 'pdf, doc, docx, xls, xlsx, ppt, pptx, txt, jpg, jpeg, png';
const noop = () => {};

describe('New Message', () => {
  it('subject and message are required; a file of another type is refused before sending', async () => {
    const { user, api } = await renderScreen(<ComposeDialog side="investor" open onOpenChange={noop} />, { user: INVESTOR });
    const dialog = await findDialog('New Message');
    expect((field('Priority', dialog) as HTMLSelectElement).value).toBe('Normal');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expectFieldError(field('Subject', dialog), 'Subject is required');
    expectFieldError(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Message is required');
    expect(document.activeElement).toBe(field('Subject', dialog));

    // As a file chooser set to 'All files' would (the input's accept list is only a hint).
    await userEvent
      .setup({ applyAccept: false })
      .upload(within(dialog).getByLabelText('Attachment'), new File(['MZ'], 'script.exe', { type: 'application/octet-stream' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(within(dialog).getByText(`Files of this type are not accepted. Allowed: ${ALLOWED}`)).toBeTruthy();
    await expectNoA11yViolations('new message dialog with errors', dialog);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('an administrator must choose the investor; the list holds active investors only', async () => {
    const investors: ManagedUser[] = [
      {
        ...(ADMIN_USERS[0] as ManagedUser),
        id: '00000000-0000-4000-8000-000000000010',
        name: 'Ian Investor',
        email: 'investor@demo.example.com',
        role: 'investor',
        userType: 'hni',
        adminUserType: null,
        investorUserType: 'hni',
      },
      {
        ...(ADMIN_USERS[0] as ManagedUser),
        id: '00000000-0000-4000-8000-000000000011',
        name: 'Sam Suspended',
        email: 'fund@demo.example.com',
        role: 'investor',
        userType: 'offshore_fund',
        adminUserType: null,
        investorUserType: 'offshore_fund',
        status: 'suspended',
      },
    ];
    const { user } = await renderScreen(<ComposeDialog side="admin" open onOpenChange={noop} />, {
      api: { 'GET /api/users': { users: [...ADMIN_USERS, ...investors] } },
    });
    const dialog = await findDialog('New Message');
    const investor = field('Investor', dialog) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Ian Investor (investor@demo.example.com)' });
    expect([...investor.options].map((o) => o.textContent)).toEqual(['Select an investor', 'Ian Investor (investor@demo.example.com)']);
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expectFieldError(investor, 'Choose an investor');
    expect(document.activeElement).toBe(investor);
  });

  it('in Arabic: the required messages in Arabic', async () => {
    const { user } = await renderScreen(<ComposeDialog side="investor" open onOpenChange={noop} />, { user: INVESTOR, language: 'ar' });
    const dialog = await findDialog('رسالة جديدة');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الرسالة' }));
    expectFieldError(field('الموضوع', dialog), 'الموضوع مطلوب');
    expectFieldError(within(dialog).getByRole('textbox', { name: /^الرسالة/ }), 'الرسالة مطلوبة');
  });
});
