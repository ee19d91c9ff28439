/** Copies text; falls back to a hidden textarea where the async clipboard is unavailable (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  try {
    const active = document.activeElement as HTMLElement | null;
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.append(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    active?.focus();
    return ok;
  } catch {
    return false;
  }
}

/** Saves a blob as a file the browser downloads (the link is revoked once the download has started). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves text as a file the browser downloads (UTF-8, CRLF-free as written). */
export function downloadText(fileName: string, text: string): void {
  saveBlob(fileName, new Blob([text], { type: 'text/plain;charset=utf-8' }));
}
