/** Saves a file under its name, through a temporary object URL. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves a file the API sent as base64 (the CSV downloads of spec section 9: receipt.csv, an error
 * log, a batch's file, the template, a report) under its name.
 */
export function downloadBase64File(fileName: string, base64: string, type = 'text/csv'): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  downloadBlob(fileName, new Blob([bytes], { type }));
}
