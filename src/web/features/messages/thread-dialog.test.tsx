import { screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { MessageThread } from '../../../shared/messages';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, findDialog } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { ThreadDialog } from './thread-dialog';

const THREAD: MessageThread = {
  id: '30000000-0000-4000-8000-000000000001',
  investorId: INVESTOR.id,
  investorName: 'Ian Investor',
  subject: 'Q3 distribution timing',
  from: 'Investor Relations',
  date: '2026-11-20T09:00:00.000Z',
  status: 'Unread',
  unreadCount: 1,
  priority: 'High',
  hasAttachment: true,
  preview: 'The Q3 distribution is scheduled',
  messages: [
    {
      id: '31000000-0000-4000-8000-000000000001',
      senderRole: 'investor',
      senderName: 'Ian Investor',
      body: 'When will the Q3 distribution be paid?\r\nThank you.',
      createdAt: '2026-11-19T08:00:00.000Z',
      attachment: null,
    },
    {
      id: '31000000-0000-4000-8000-000000000002',
      senderRole: 'admin',
      senderName: 'Fatima Founder',
      body: 'The Q3 distribution is scheduled for 15 December.',
      createdAt: '2026-11-20T09:00:00.000Z',
      attachment: { name: 'Q3 notice.pdf', extension: 'pdf', size: 2048 },
    },
  ],
};
const noop = () => {};

describe('Conversation (thread dialog)', () => {
  it('every message with its sender, side and line breaks; the attachment with its size; an unread thread is marked read', async () => {
    const { api } = await renderScreen(
      <ThreadDialog side="investor" open={{ id: THREAD.id, mode: 'view' }} onClose={noop} returnFocus={createRef()} />,
      {
        user: INVESTOR,
        api: {
          'GET /api/investor/messages/:id': { thread: THREAD },
          'POST /api/investor/messages/:id/read': { message: 'Marked as read' },
        },
      },
    );
    const dialog = await findDialog('Q3 distribution timing');
    expect(within(dialog).getByText('Conversation with the investment team')).toBeTruthy();
    expect(within(dialog).getByText('2 messages')).toBeTruthy();
    const items = within(within(dialog).getByRole('list', { name: 'Messages in this conversation' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Ian Investor · Investor');
    // CRLF from the form encoding shows as one line break.
    expect(items[0]?.querySelector('p.whitespace-pre-wrap')?.textContent).toBe('When will the Q3 distribution be paid?\nThank you.');
    expect(items[1]?.textContent).toContain('Fatima Founder · Team');
    const link = within(items[1] as HTMLElement).getByRole('link', { name: /Download Q3 notice\.pdf/ });
    expect(link.getAttribute('href')).toBe('/api/investor/messages/attachments/31000000-0000-4000-8000-000000000002');
    // 2048 bytes = 2 KiB, shown as "2 KB".
    expect(link.textContent).toContain('2 KB');
    await expect.poll(() => api.callsTo('POST /api/investor/messages/:id/read').length).toBe(1);
    await expectNoA11yViolations('conversation', dialog);
  });

  it('an empty reply is refused on the client with the field message; nothing is sent', async () => {
    const { user, api } = await renderScreen(
      <ThreadDialog side="admin" open={{ id: THREAD.id, mode: 'reply' }} onClose={noop} returnFocus={createRef()} />,
      { api: { 'GET /api/messages/:id': { thread: { ...THREAD, unreadCount: 0, status: 'Read' } } } },
    );
    const dialog = await findDialog('Q3 distribution timing');
    expect(within(dialog).getByText('Conversation with Ian Investor')).toBeTruthy();
    const reply = within(dialog).getByRole('form', { name: 'Reply' });
    await user.type(within(reply).getByRole('textbox', { name: /^Message/ }), '   ');
    await user.click(within(reply).getByRole('button', { name: 'Send Reply' }));
    expectFieldError(within(reply).getByRole('textbox', { name: /^Message/ }), 'Message is required');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await expectNoA11yViolations('reply with an error', dialog);
  });

  it('a thread that fails to load says so, with the server message and Try again', async () => {
    const { user, api } = await renderScreen(
      <ThreadDialog side="admin" open={{ id: THREAD.id, mode: 'view' }} onClose={noop} returnFocus={createRef()} />,
      {
        api: { 'GET /api/messages/:id': failWith(404, 'Message thread not found') },
      },
    );
    const dialog = await findDialog('Conversation');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to load this conversation');
    expect(within(dialog).getByText('Message thread not found')).toBeTruthy();
    api.set({ 'GET /api/messages/:id': { thread: { ...THREAD, unreadCount: 0, status: 'Read' } } });
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Q3 distribution timing' })).toBeTruthy();
  });
});
