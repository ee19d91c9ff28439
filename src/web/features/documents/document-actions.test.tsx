import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failWith } from '../../testing/fake-api';
import { vaultDocument } from '../../testing/fixtures';
import { expectNoA11yViolations, findDialog, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { DocumentLibrary } from './document-library';

const DOC = vaultDocument();
/** The toasts' descriptions (titles: `toastTexts`). */
const toastDescriptions = () => [...document.querySelectorAll('[data-sonner-toast] [data-description]')].map((d) => d.textContent?.trim());
const row = () => within(screen.getByRole('table', { name: 'Documents' })).getAllByRole('row')[1] as HTMLElement;

describe("Document library: a row's View, Download and Delete", () => {
  it('View opens the file in a new tab; a failed download toasts, and a 401 makes the app check the session', async () => {
    let status = 500;
    const { user, api } = await renderScreen(<DocumentLibrary />, {
      api: {
        'GET /api/documents': { documents: [DOC] },
        'GET /api/documents/:id/download': () => failWith(status, 'Stored file missing'),
      },
    });
    await screen.findByRole('table', { name: 'Documents' });
    const view = within(row()).getByRole('link', { name: 'View Offering memorandum' });
    expect(view.getAttribute('href')).toBe(`/api/documents/${DOC.id}/view`);
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('title')).toBe('View (opens in a new tab)');

    await user.click(within(row()).getByRole('button', { name: 'Download Offering memorandum' }));
    await expect.poll(toastTexts).toContain('Failed to download document');
    expect(api.callsTo('GET /api/documents/:id/download').map((c) => c.params.id)).toEqual([DOC.id]);
    const probes = api.callsTo('GET /api/auth/me').length;
    status = 401;
    await user.click(within(row()).getByRole('button', { name: 'Download Offering memorandum' }));
    await expect.poll(() => api.callsTo('GET /api/auth/me').length).toBe(probes + 1);
  });

  it('Delete asks first; Cancel sends nothing; a refusal toasts the reason; a delete is confirmed', async () => {
    let refuse = true;
    const { user, api } = await renderScreen(<DocumentLibrary />, {
      api: {
        'GET /api/documents': { documents: [DOC] },
        'DELETE /api/documents/:id': () => (refuse ? failWith(409, 'The document is part of a signed pack') : { message: 'Deleted' }),
      },
    });
    await screen.findByRole('table', { name: 'Documents' });
    await user.click(within(row()).getByRole('button', { name: 'Delete Offering memorandum' }));
    const dialog = await findDialog('Delete document?');
    expect(
      within(dialog).getByText('“Offering memorandum” and its stored file will be permanently deleted. This cannot be undone.'),
    ).toBeTruthy();
    await expectNoA11yViolations('delete document dialog', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE /api/documents/:id')).toEqual([]);

    await user.click(within(row()).getByRole('button', { name: 'Delete Offering memorandum' }));
    await user.click(within(await findDialog('Delete document?')).getByRole('button', { name: 'Delete' }));
    await expect.poll(toastTexts).toContain('Failed to delete document');
    expect(toastDescriptions()).toContain('The document is part of a signed pack');
    // Still open, to try again or cancel.
    expect(screen.getByRole('dialog', { name: 'Delete document?' })).toBeTruthy();

    refuse = false;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expect.poll(toastTexts).toContain('Document deleted successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE /api/documents/:id').map((c) => c.params.id)).toEqual([DOC.id, DOC.id]);
  });
});
