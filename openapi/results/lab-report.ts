/**
 * The lab's original report attached to a result: a PDF of at most 10 MB. The
 * API refuses anything else (PUT /results/{id}/report: 400, 413); the attach
 * control says so before a byte is sent.
 */

/** A lab's report runs to a few pages; a scan of many pages stays well under this. */
export const LAB_REPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The same, as people read it. */
export const LAB_REPORT_MAX_TEXT = '10 MB';

/** Every PDF begins so (ISO 32000, 7.5.2). */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** Whether the file's first bytes say PDF, whatever its name or the type it was sent as. */
export function startsAsPdf(bytes: Uint8Array): boolean {
  return bytes.length > PDF_MAGIC.length && PDF_MAGIC.every((byte, index) => bytes[index] === byte);
}
