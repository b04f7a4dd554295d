const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const pngFile = (name = 'screenshot.png') =>
  new File([Uint8Array.from(atob(tinyPng), (c) => c.charCodeAt(0))], name, { type: 'image/png' });
export const pdfFile = (name = 'statement.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
