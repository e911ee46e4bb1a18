/**
 * A small, valid PDF written by hand: one A4 page of text in Helvetica (a font
 * every reader has), the objects, their cross-reference table and trailer as
 * ISO 32000 lays them out. The demo's lab reports and the tests' files; no
 * library needed for a page of lines.
 */

/** Text as a PDF string: its own delimiters escaped, anything outside Latin-1 (which Helvetica's encoding holds) as '?'. */
function pdfString(text: string): string {
  const latin1 = text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return `(${latin1.replace(/[\\()]/g, '\\$&')})`;
}

/** A one-page PDF holding `lines`, top to bottom; the first in a larger size, as a title. */
export function minimalPdf(lines: readonly string[]): Buffer {
  const [title = '', ...rest] = lines;
  const text = [
    'BT',
    '/F1 16 Tf',
    '56 780 Td',
    `${pdfString(title)} Tj`,
    '/F1 11 Tf',
    '16 TL',
    'T*',
    ...rest.map((line) => `T* ${pdfString(line)} Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  // The second line's bytes above 127 tell tools the file is binary (ISO 32000, 7.5.2).
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
