export const qr = {
  copied: 'Your QR Code link was copied',
  generated: 'Merchant QR image generated successfully.',
  generatedCbdc: 'Merchant JAM-DEX QR image generated successfully.',
  fileSaved: 'QR code generated successfully. Please check you machine for the file.',
  downloadFailed: 'Issue found during download, please try again.',
} as const;
