import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeRoutes } from '../../testing/fake-api';
import { ADMIN_USERS, DEAL_OIL } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { UploadForm } from './upload-form';

// ALLOWED_EXTENSIONS of src/shared/documents.ts, written out.
const ALLOWED = 'pdf, doc, docx, xls, xlsx, ppt, pptx, txt, jpg, jpeg, png';
const API = {
  'GET /api/deals/options': { deals: [DEAL_OIL] },
  'GET /api/users': { users: ADMIN_USERS },
} satisfies FakeRoutes;

describe('Upload Document form', () => {
  it('a file is required; a file of another type or an empty file is refused when chosen; nothing is sent', async () => {
    const { user, api } = await renderScreen(<UploadForm />, { api: API });
    const form = await screen.findByRole('form', { name: 'Upload document' });
    expect(within(form).getByText(`Allowed: ${ALLOWED}`)).toBeTruthy();

    // As a file chooser set to 'All files' would (the accept list is only a hint).
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(field('File', form), new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expectFieldError(field('File', form), `Files of this type are not accepted. Allowed: ${ALLOWED}`);
    await anyFile.upload(field('File', form), new File([], 'blank.pdf', { type: 'application/pdf' }));
    expectFieldError(field('File', form), 'The selected file is empty');
    await expectNoA11yViolations('upload form with a refused file', form);
    await user.click(within(form).getByRole('button', { name: 'Upload Document' }));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('choosing a file names the document after it; name and type are required', async () => {
    const { user, api } = await renderScreen(<UploadForm />, { api: API });
    const form = await screen.findByRole('form', { name: 'Upload document' });
    await user.upload(field('File', form), new File(['%PDF-1.7'], 'Q3 report.final.pdf', { type: 'application/pdf' }));
    expect((field('Document Name', form) as HTMLInputElement).value).toBe('Q3 report');
    // 8 bytes: the summary beside the field.
    expect(within(form).getByText(/Q3 report\.final\.pdf · 8 B/)).toBeTruthy();
    await user.clear(field('Document Name', form));
    await user.click(within(form).getByRole('button', { name: 'Upload Document' }));
    expectFieldError(field('Document Name', form), 'Document name is required');
    expectFieldError(field('Document Type', form), 'Document type is required');
    // The deal list offers General and the demo deal.
    expect([...(field('Deal', form) as HTMLSelectElement).options].map((o) => o.text)).toEqual(['General (no deal)', DEAL_OIL.title]);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
