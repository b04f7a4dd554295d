/**
 * Multipart uploads with progress. fetch (and so ky) can report upload progress only by streaming
 * the request body, which browsers allow over HTTP/2 alone; XMLHttpRequest reports it everywhere.
 * The answer is handed back as a fetch Response, so callers parse it like any other call.
 */
export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type Uploader = (path: string, body: FormData, options?: UploadOptions) => Promise<Response>;

export interface UploaderDeps {
  /** The API base ('' for the same origin), as the ky client's prefixUrl. */
  base: string;
  /** The headers every call carries (Accept-Language, X-Requested-With). */
  headers: () => Record<string, string>;
  /** Sees every answer body, as the ky client's afterResponse hook does (envelope events). */
  onBody?: (body: unknown) => void;
}

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

export function createUploader({ base, headers, onBody }: UploaderDeps): Uploader {
  return (path, body, { onProgress, signal } = {}) =>
    new Promise<Response>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', join(base, path));
      request.withCredentials = true;
      for (const [name, value] of Object.entries(headers())) request.setRequestHeader(name, value);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      request.onload = () => {
        onProgress?.(1);
        const text = request.responseText;
        try {
          onBody?.(JSON.parse(text));
        } catch {
          // Not JSON: the caller reports the failure from the status.
        }
        resolve(new Response(text, { status: request.status, headers: { 'content-type': request.getResponseHeader('content-type') ?? '' } }));
      };
      request.onerror = () => reject(new TypeError('Network request failed'));
      request.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
      if (signal) {
        if (signal.aborted) return reject(new DOMException('The upload was aborted', 'AbortError'));
        signal.addEventListener('abort', () => request.abort(), { once: true });
      }
      request.send(body);
    });
}
