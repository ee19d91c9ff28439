import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PlacedField } from '../../../shared/signing';
import { expectFieldError, expectNoA11yViolations, field } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import type { PageGeometry } from './pdf-document';
import { PlacementEditor } from './placement-editor';

// Two US Letter pages (612 x 792 points). The page itself is a blank box here: the editor lays
// its fields over whatever draws the page (pdf.js in the app).
const LETTER: PageGeometry = { viewBox: [0, 0, 612, 792], rotation: 0 };
let latest: PlacedField[] = [];

function Harness({ initial }: { initial: PlacedField[] }) {
  const [fields, setFields] = useState(initial);
  latest = fields;
  return (
    <div style={{ width: 1100 }}>
      <PlacementEditor
        geometry={[LETTER, LETTER]}
        fields={fields}
        onChange={(next) => {
          latest = next;
          setFields(next);
        }}
        renderPage={(_i, _scale, label) => <div role="img" aria-label={label} className="size-full bg-white" />}
      />
    </div>
  );
}

const name: PlacedField = { page: 1, kind: 'investor_name', x: 72, y: 700, w: 200, h: 20 };

describe('Field placement editor (decision record 056)', () => {
  it('moves with the arrow keys, resizes with Shift, jumps ten points with Ctrl, removes with Delete', async () => {
    const { user } = await renderScreen(<Harness initial={[name]} />);
    const box = screen.getByRole('button', { name: 'Investor name, page 1: x 72, y 700, 200 by 20 points' });
    box.focus();
    // Right 3, up 2 (y grows upwards in PDF points): x 75, y 702.
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowUp}{ArrowUp}');
    expect(latest).toEqual([{ ...name, x: 75, y: 702 }]);
    // Shift+Right twice and Shift+Down once: 202 wide, 21 high, top edge kept at 702 + 20 = 722 -> y 701.
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}');
    expect(latest).toEqual([{ ...name, x: 75, y: 701, w: 202, h: 21 }]);
    // Ctrl+Left: ten points.
    await user.keyboard('{Control>}{ArrowLeft}{/Control}');
    expect(latest[0]?.x).toBe(65);
    expect(screen.getByRole('button', { name: 'Investor name, page 1: x 65, y 701, 202 by 21 points' })).toHaveFocus();
    // The move is announced.
    expect(document.querySelector('[aria-live="polite"].sr-only')?.textContent).toBe(
      'Investor name, page 1: x 65, y 701, 202 by 21 points',
    );
    // Never off the page: 100 presses left stop at x 0.
    await user.keyboard('{Control>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Control}');
    expect(latest[0]?.x).toBe(0);
    await user.keyboard('{Delete}');
    expect(latest).toEqual([]);
    expect(screen.getByText('No fields placed yet.')).toBeInTheDocument();
  });

  it('lists the required kinds still missing, adds fields by kind and initials on every page', async () => {
    const { user } = await renderScreen(<Harness initial={[]} />);
    expect(screen.getByTestId('placement-missing')).toHaveTextContent(
      'Still needed before this deal can take subscriptions: Investor name, Amount, Investor signature, GP signature.',
    );
    for (const kind of ['investor_name', 'amount', 'investor_signature']) {
      await user.selectOptions(field('Field to add'), kind);
      await user.click(screen.getByRole('button', { name: 'Add field' }));
    }
    expect(screen.getByTestId('placement-missing')).toHaveTextContent(
      'Still needed before this deal can take subscriptions: GP signature.',
    );
    // The new field has the focus, so the keyboard can place it at once.
    expect(screen.getByRole('button', { name: /^Investor signature, page 1: x/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.selectOptions(field('Field to add'), 'gp_signature');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    // On page 2, an inch from the left and the top: y = 792 - 72 - 40 = 680.
    expect(latest.at(-1)).toEqual({ page: 2, kind: 'gp_signature', x: 72, y: 680, w: 180, h: 40 });
    expect(screen.getByTestId('placement-missing')).toHaveTextContent('Every required field is placed');
    await user.click(screen.getByRole('button', { name: 'Add initials to every page' }));
    // 60 x 24, half an inch from the bottom-right corner: x = 612 - 36 - 60 = 516, y = 36.
    expect(latest.filter((f) => f.kind === 'investor_initials')).toEqual([
      { page: 1, kind: 'investor_initials', x: 516, y: 36, w: 60, h: 24 },
      { page: 2, kind: 'investor_initials', x: 516, y: 36, w: 60, h: 24 },
    ]);
    await expectNoA11yViolations('placement editor');
  });

  it('the form sets a position exactly and refuses a field off the page with field messages', async () => {
    const { user } = await renderScreen(<Harness initial={[name]} />);
    await user.click(screen.getByRole('button', { name: 'Investor name, page 1' }));
    const x = field('From the left (x)');
    const w = field('Width');
    const page = field('Page');
    await user.clear(x);
    await user.type(x, '500');
    await user.clear(w);
    await user.type(w, '3');
    await user.clear(page);
    await user.type(page, '3');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expectFieldError(page, 'Enter a page from 1 to 2');
    expectFieldError(w, 'At least 4 points');
    expect(page).toHaveFocus();
    await user.clear(page);
    await user.type(page, '2');
    await user.clear(w);
    await user.type(w, '200');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // 500 + 200 = 700 > 612: off the page's right edge.
    expectFieldError(x, 'The field must stay on the page (612 by 792 points)');
    expect(latest).toEqual([name]);
    await user.clear(x);
    await user.type(x, 'abc');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expectFieldError(x, 'Enter a number, e.g. 72 or 72.5');
    await user.clear(x);
    await user.type(x, '412.25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // 412.25 + 200 = 612.25: within the page's 0.5 point tolerance, as the server checks.
    expect(latest).toEqual([{ ...name, page: 2, x: 412.25 }]);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    await expectNoA11yViolations('placement form');
  });
});
