const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * A real PNG (1x1), so its preview draws. `size` pads it to that many bytes for a file over the
 * limit; a picture's reader stops at its end marker and ignores the rest.
 */
export const pngFile = (name = 'screenshot.png', size = 0) => {
  const png = Uint8Array.from(atob(tinyPng), (c) => c.charCodeAt(0));
  const bytes = new Uint8Array(Math.max(size, png.length));
  bytes.set(png);
  return new File([bytes], name, { type: 'image/png' });
};
export const pdfFile = (name = 'statement.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
