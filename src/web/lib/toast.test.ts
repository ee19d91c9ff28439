import { toast as sonner } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toast } from './toast';

const active = () =>
  sonner
    .getToasts()
    .map((t) => ('type' in t ? `${t.type ?? 'default'}:${String(t.title)}` : 'dismissed'))
    .sort();

describe('toast', () => {
  beforeAll(() => {
    // sonner notifies its Toaster on the next frame; the suite runs in Node, without frames.
    globalThis.requestAnimationFrame ??= (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0) as unknown as number;
  });

  afterEach(() => {
    sonner.dismiss();
  });

  it('clears error toasts still on screen when a success toast is shown', () => {
    toast.error('Failed to save');
    toast.error('Failed to load users', { id: 'users-load-failed' });
    toast.info('Heads up');
    expect(active()).toEqual(['error:Failed to load users', 'error:Failed to save', 'info:Heads up']);
    toast.success('Saved');
    expect(active()).toEqual(['info:Heads up', 'success:Saved']);
  });

  it('leaves errors alone for other kinds of toast and keeps sonner behaviour', () => {
    toast.error('Failed to save');
    toast.warning('Careful');
    toast('Plain');
    expect(active()).toEqual(['default:Plain', 'error:Failed to save', 'warning:Careful']);
    const id = toast.error('Again');
    toast.dismiss(id);
    expect(active()).not.toContain('error:Again');
  });
});
