/**
 * The lab's original report (a PDF) of a result. Attaching it goes straight
 * to the API, never through the outbox: up to 10 MB of a client's report is
 * not kept on the device to wait for the network, so the control says when
 * it needs the network instead. A download goes through the one API client
 * and straight to the person's files: nothing of it enters the query cache
 * (which is saved on the device) and the API answers it `no-store`.
 */
import { LAB_REPORT_MAX_BYTES, LAB_REPORT_MAX_TEXT, startsAsPdf, type components } from '@contract';
import { api, dataOf, isApiError } from '@/lib/api';

type Result = components['schemas']['Result'];

/** What is wrong with a chosen file before it is sent, in words for the person choosing it; null when nothing. */
export async function reportFileProblem(file: Blob & { name?: string }): Promise<string | null> {
  if (file.size > LAB_REPORT_MAX_BYTES) {
    return `This file is ${megabytes(file.size)}: a report can be ${LAB_REPORT_MAX_TEXT} at most. Ask the lab for a smaller PDF.`;
  }
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (!startsAsPdf(head)) {
    return `${file.name ? `“${file.name}”` : 'This file'} is not a PDF. Choose the report as the lab sent it, a PDF file.`;
  }
  return null;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * PUT /results/{id}/report with the file itself, on the version shown. When the result moved on meanwhile (a
 * doctor released it, someone attached a report), it is sent once more on the version the API names: the
 * report replaces nothing the person has not seen but an earlier report, which they chose to replace.
 */
export async function attachLabReport(result: Pick<Result, 'id' | 'version'>, file: Blob): Promise<Result> {
  const send = async (version: number) =>
    dataOf(
      await api().PUT('/results/{id}/report', {
        params: { path: { id: result.id } },
        // The generated type says string (format: binary); the browser sends the Blob's bytes as they are.
        body: file as unknown as string,
        bodySerializer: (body: unknown) => body as Blob,
        headers: {
          'Content-Type': 'application/pdf',
          'Idempotency-Key': crypto.randomUUID(),
          'If-Match': `"${version}"`,
        },
      }),
    );
  try {
    return await send(result.version);
  } catch (error) {
    const current = isApiError(error) && error.status === 412 ? error.problem?.current_version : undefined;
    if (typeof current !== 'number') throw error;
    return send(current);
  }
}

/** GET /results/{id}/report: the PDF, saved under the name the API gives it. */
export async function downloadLabReport(result: Pick<Result, 'id'> & { report: { file_name: string } }): Promise<void> {
  const pdf = dataOf(await api().GET('/results/{id}/report', { params: { path: { id: result.id } }, parseAs: 'blob' }));
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = result.report.file_name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The object URL holds the file in this page's memory only; let it go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
