/**
 * Upload progress for multipart calls. fetch reports upload progress only by streaming the request
 * body, which browsers allow over HTTP/2 alone; XMLHttpRequest reports it everywhere. This is a
 * `fetch` for ky's `fetch` option: ky still builds the request (base URL, headers, credentials)
 * and runs its hooks on the answer (the envelope events), only the transfer goes through XHR.
 */
export interface UploadOptions {
  /** Called with the uploaded fraction, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const abortError = () => new DOMException('The upload was aborted', 'AbortError');

/**
 * A fetch that sends `body` (the same FormData given to ky, so the browser writes the multipart
 * boundary itself) to the request's URL with its headers, reporting progress.
 */
export function uploadFetch(body: FormData, onProgress?: (fraction: number) => void): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const signal = init?.signal ?? request.signal;
      if (signal?.aborted) return reject(abortError());
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = request.credentials === 'include';
      request.headers.forEach((value, name) => {
        // The boundary of ky's own serialization would not match the body XHR writes.
        if (name !== 'content-type') xhr.setRequestHeader(name, value);
      });
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        onProgress?.(1);
        resolve(
          new Response(xhr.status === 204 ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/octet-stream' },
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(abortError());
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
}
