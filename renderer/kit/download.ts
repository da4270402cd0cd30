/** Starts the browser's download of `url` as `fileName` (the desktop app asks where to save it). */
function saveUrl(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Saves text as a file the way a browser does. UTF-8: a CSV's byte-order mark travels as the
 * first character of the text.
 */
export function downloadText(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type: `${type};charset=utf-8` }), fileName);
}

/** Saves a file received whole (an export's stream, once it has ended) the way downloadText does. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  // The click has started the download; the URL can go once it has been read.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Saves a file made in the page (a chart's picture, as a data: URL) the way downloadText does. */
export function downloadDataUrl(dataUrl: string, fileName: string): void {
  saveUrl(dataUrl, fileName);
}
