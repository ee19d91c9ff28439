import type { ApiResponse, RouteKey, RoutePath } from '../../shared/api/contract';
import { ApiError, apiUrl, type CallOptions } from './api';

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

// i18n-ignore: an error message; shown through the errors catalogue (serverMessage)
const OFFLINE = 'Cannot reach the server. Check your connection and try again.';

/**
 * A multipart POST through XMLHttpRequest, so that upload progress can be shown (fetch has
 * none). Errors become ApiError with the server's message and field messages, like api();
 * a 401 is not broadcast, so the form can keep what was typed and say what happened. The route
 * is a POST of the API contract with its `:placeholders` filled from `opts.params`, and the
 * answer has the contract's type, like apiPost.
 */
export function postMultipart<P extends RoutePath<'POST'>>(
  route: P,
  body: FormData,
  opts: UploadOptions & Pick<CallOptions<P>, 'params'>,
): Promise<ApiResponse<`POST ${P}` & RouteKey>> {
  type T = ApiResponse<`POST ${P}` & RouteKey>;
  const path = apiUrl(route, opts.params as Record<string, string> | undefined);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.((e.loaded / e.total) * 100);
    });
    xhr.addEventListener('load', () => {
      done();
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(data as T);
        return;
      }
      const b = (data ?? {}) as { message?: string; code?: string; fields?: Record<string, string> };
      const message = b.message || (xhr.status === 413 ? 'The file is too large to upload.' : `Upload failed (${xhr.status})`);
      if (xhr.status !== 401) console.error(`Request failed: POST ${path}`, xhr.status, message);
      reject(new ApiError(xhr.status, message, b.code, b.fields));
    });
    xhr.addEventListener('error', () => {
      done();
      console.error(`Request failed: POST ${path} (network error)`);
      reject(new ApiError(0, OFFLINE));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    });
    xhr.send(body);
  });
}

/** The file name from a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (plain) return (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim() || null;
  return null;
}

/**
 * Downloads a file through fetch, so that a failure can be reported (a plain link fails
 * silently), and saves it under the server's file name, else `fallbackName`.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, OFFLINE);
  }
  if (!res.ok) {
    let message = `Download failed (${res.status})`;
    try {
      const b = (await res.json()) as { message?: string };
      if (b.message) message = b.message;
    } catch {
      // not JSON: keep the generic message
    }
    console.error(`Request failed: GET ${path}`, res.status, message);
    throw new ApiError(res.status, message);
  }
  const blob = await res.blob();
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the blob is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
