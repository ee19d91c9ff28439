import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label as the form shows it: a required field's label ends with an aria-hidden '*'. */
export const labelled = (text: string) => new RegExp(`^${escapeRegExp(text)}\\*?$`);

/** The control of a field by its label text (the '*' of a required field allowed). */
export function field(text: string, container: HTMLElement = document.body): HTMLElement {
  return within(container).getByLabelText(labelled(text));
}

/** The accessible description of a control: the texts of its aria-describedby elements, in order. */
export function description(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ');
}

/** Expects the control to be marked invalid with exactly this message as its field error. */
export function expectFieldError(control: HTMLElement, message: string) {
  expect(control.getAttribute('aria-invalid'), `${control.id} should be invalid`).toBe('true');
  expect(document.getElementById(`${control.id}-error`)?.textContent?.trim()).toBe(message);
}

/** Expects the control to carry no error. */
export function expectNoFieldError(control: HTMLElement) {
  expect(control.getAttribute('aria-invalid')).not.toBe('true');
  expect(document.getElementById(`${control.id}-error`)).toBeNull();
}

/** The open dialog (Radix renders it in a portal). */
export const dialog = (name?: string | RegExp) => screen.getByRole('dialog', name === undefined ? {} : { name });
export const findDialog = (name?: string | RegExp) => screen.findByRole('dialog', name === undefined ? {} : { name });

/** Texts of the toasts on screen. */
export function toastTexts(): string[] {
  return [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.querySelector('[data-title]')?.textContent?.trim() ?? '');
}

/**
 * axe on the rendered component with the e2e suite's rules (WCAG 2.0/2.1 A and AA; serious and
 * critical violations fail), in this Chromium with the app's CSS, so contrast counts too. `root`
 * narrows it to a dialog or a form (axe over a whole screen takes seconds).
 */
export async function expectNoA11yViolations(label: string, root: Element = document.body) {
  const axe = (await import('axe-core')).default;
  const results = await axe.run(root, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const found = bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  // Thrown as one message, so a CI log's last lines name the rule and the element.
  if (found.length > 0) throw new Error(`axe violations on ${label}: ${found.join('; ')}`);
}
