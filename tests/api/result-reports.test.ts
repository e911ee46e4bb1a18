/**
 * The lab's original report (a PDF) of a result, over HTTP: a nurse attaches
 * it (only a PDF, 10 MB at most, on the version she read), whoever reads the
 * result's values downloads the same bytes, a client only its own released
 * result's, reception and ADMIN never; each attach and download is in the
 * audit trail, and the file is stored sealed, not as the PDF it is.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import { minimalPdf } from '../../scripts/demo/report-pdf.ts';
import { accessToken, api, stack, type Actor, type Email, type Problem, type Schemas } from '../support/api-client.ts';
import { auditSince, newestAuditId } from '../support/audit-trail.ts';
import { startInProcessApi, type InProcessApi } from '../support/in-process-api.ts';
import { lipidPanel } from '../support/lab-results.ts';

type Result = Schemas['Result'];
type ResultList = Schemas['ResultList'];
type Caller = Actor | Email;

/** Generated clients 75 to 78, which no other file writes results for. */
const [OWNER, OTHER] = generateClients(stack.generatedClients)
  .slice(75, 79)
  .map((client) => ({ id: client.id, email: client.email as Email })) as [
  { id: string; email: Email },
  { id: string; email: Email },
];

const PANEL = { total: 214, hdl: 45, ldl: 136, tg: 160 };
const REPORT = minimalPdf(['Apex Diagnostics: laboratory report', 'Lipid panel', 'Total cholesterol 214 mg/dL']);

async function enter(clientId: string): Promise<Result> {
  const answer = await api<Result & Problem>('POST', '/results', { as: 'nurse', body: lipidPanel(clientId, PANEL) });
  if (answer.status !== 201) throw new Error(`Entering a result failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

interface AttachOptions {
  as?: Caller;
  ifMatch?: string | null;
  contentType?: string;
  key?: string;
  base?: string;
}

/** PUT the bytes as the file itself, as the app sends it. */
async function attach(id: string, body: Buffer, options: AttachOptions = {}) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${await accessToken(options.as ?? 'nurse')}`,
    'content-type': options.contentType ?? 'application/pdf',
    'idempotency-key': options.key ?? randomUUID(),
  };
  if (options.ifMatch !== null) headers['if-match'] = options.ifMatch ?? '"1"';
  const response = await fetch(`${options.base ?? stack.apiUrl}/results/${id}/report`, {
    method: 'PUT',
    headers,
    body: new Uint8Array(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text === '' ? null : JSON.parse(text)) as Result & Problem,
  };
}

/** GET the report: its bytes when it is one, the problem otherwise. */
async function download(id: string, as: Caller, base = stack.apiUrl) {
  const response = await fetch(`${base}/results/${id}/report`, {
    headers: { authorization: `Bearer ${await accessToken(as)}` },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const problem = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(bytes.toString('utf8')) as Problem)
    : null;
  return { status: response.status, headers: response.headers, bytes, problem };
}

/** The one record of `action` on OWNER's results since `before`, as `expected` says. */
async function expectRecorded(before: number, action: string, expected: Partial<Schemas['AuditEvent']>) {
  const trail = await auditSince(before, `action=${action}&subject_id=${OWNER.id}`);
  expect(trail).toEqual([expect.objectContaining(expected)]);
}

async function release(result: Result): Promise<Result> {
  const answer = await api<Result>('POST', `/results/${result.id}/release`, {
    as: 'doctor',
    ifMatch: `"${result.version}"`,
    body: { note: null },
  });
  if (answer.status !== 200) throw new Error(`Release failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

describe('attaching the lab’s report', () => {
  let result: Result;
  beforeAll(async () => {
    result = await enter(OWNER.id);
  });

  it('stores the PDF, names it after the test and the day, and moves the result on a version', async () => {
    const before = await newestAuditId();
    const attached = await attach(result.id, REPORT);
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.headers.get('etag')).toBe('"2"');
    expect(attached.body).toMatchObject({
      version: 2,
      report: {
        file_name: 'lab-report-lipid-panel-2026-03-02.pdf',
        size_bytes: REPORT.length,
      },
    });
    expect(attached.body.report?.attached_by_name).toBeTruthy();
    expect(Date.parse(attached.body.report!.attached_at)).toBeGreaterThan(Date.now() - 60_000);
    result = attached.body;

    await expectRecorded(before, 'results.report-attach', {
      actor_id: demoAccount('nurse@thrive.test').id,
      resource_id: result.id,
      outcome: 'success',
      fields: ['report'],
    });
  });

  it('answers a resend of the same attach from the kept answer, and moves nothing', async () => {
    const fresh = await enter(OWNER.id);
    const key = randomUUID();
    const first = await attach(fresh.id, REPORT, { key });
    const again = await attach(fresh.id, REPORT, { key });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.version).toBe(2);
    const other = await attach(fresh.id, minimalPdf(['Another report']), { key, ifMatch: '"2"' });
    expect(other.status).toBe(422);
  });

  it('gives the same bytes back, as a PDF attachment no one keeps, and records the download', async () => {
    const before = await newestAuditId();
    const answer = await download(result.id, 'nurse');
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(REPORT)).toBe(true);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename=lab-report-lipid-panel-2026-03-02.pdf',
    );
    await expectRecorded(before, 'results.report-read', { resource_id: result.id, outcome: 'success' });
  });

  it('replaces the report on the version read, and refuses without If-Match or on an older one', async () => {
    const replacement = minimalPdf(['Apex Diagnostics: corrected report']);
    expect((await attach(result.id, replacement, { ifMatch: null })).status).toBe(428);
    const stale = await attach(result.id, replacement, { ifMatch: '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe('"2"');
    const replaced = await attach(result.id, replacement, { ifMatch: '"2"' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.report?.size_bytes).toBe(replacement.length);
    expect((await download(result.id, 'doctor')).bytes.equals(replacement)).toBe(true);
    result = replaced.body;
  });

  it('refuses a body that is not a PDF, naming it, and keeps the report it has', async () => {
    const before = await newestAuditId();
    const text = await attach(result.id, Buffer.from('Total cholesterol: 214 mg/dL'), {
      ifMatch: `"${result.version}"`,
    });
    expect(text.status).toBe(400);
    expect(text.body.errors).toEqual([{ field: 'body', message: 'is not a PDF: a PDF file begins with %PDF-' }]);
    const empty = await attach(result.id, Buffer.alloc(0), { ifMatch: `"${result.version}"` });
    expect(empty.status).toBe(400);
    // Another kind of file is not taken at all.
    const image = await attach(result.id, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), {
      contentType: 'image/jpeg',
      ifMatch: `"${result.version}"`,
    });
    expect(image.status).toBe(415);
    const trail = await auditSince(before, `action=results.report-attach&subject_id=${OWNER.id}`);
    expect(trail.map((event) => event.outcome)).toEqual(['invalid', 'invalid']);
    expect((await api<Result>('GET', `/results/${result.id}`, { as: 'nurse' })).body.version).toBe(result.version);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const large = Buffer.concat([REPORT, Buffer.alloc(10 * 1024 * 1024)]);
    const answer = await attach(result.id, large, { ifMatch: `"${result.version}"` });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ detail: 'The body is larger than 10 MB.', errors: [{ field: 'body' }] });
  });

  it('is for those who enter results: not reception, a coach, ADMIN or a client', async () => {
    for (const as of ['reception', 'coach', 'admin', OWNER.email] as const) {
      const answer = await attach(result.id, REPORT, { as, ifMatch: `"${result.version}"` });
      expect(answer.status, `${as}: ${JSON.stringify(answer.body)}`).toBe(403);
    }
    expect((await attach(randomUUID(), REPORT, { as: 'doctor' })).status).toBe(404);
  });
});

describe('downloading the lab’s report', () => {
  let unreleased: Result;
  let released: Result;
  let othersReleased: Result;
  let withoutReport: Result;

  beforeAll(async () => {
    unreleased = (await attach((await enter(OWNER.id)).id, REPORT)).body;
    released = await release((await attach((await enter(OWNER.id)).id, REPORT)).body);
    othersReleased = await release((await attach((await enter(OTHER.id)).id, REPORT)).body);
    withoutReport = await release(await enter(OWNER.id));
  });

  it('gives a client its own released result’s report, which its list says is there', async () => {
    const mine = await download(released.id, OWNER.email);
    expect(mine.status).toBe(200);
    expect(mine.bytes.equals(REPORT)).toBe(true);
    const list = await api<ResultList>('GET', `/results?client=${OWNER.id}`, { as: OWNER.email });
    expect(list.body.results.find((item) => item.id === released.id)?.report).toMatchObject({
      size_bytes: REPORT.length,
    });
    expect(list.body.results.find((item) => item.id === withoutReport.id)?.report).toBeNull();
  });

  it('keeps an unreleased result’s report from the client (not there) and another client’s (refused)', async () => {
    expect((await download(unreleased.id, OWNER.email)).status).toBe(404);
    expect((await download(othersReleased.id, OWNER.email)).status).toBe(403);
  });

  it('gives it to the care team as they read the values: a coach released results’ only', async () => {
    expect((await download(unreleased.id, 'doctor')).status).toBe(200);
    expect((await download(released.id, 'coach')).status).toBe(200);
    expect((await download(unreleased.id, 'coach')).status).toBe(404);
  });

  it('refuses reception, who reads only that a result exists, and ADMIN, and records whose report it was', async () => {
    const before = await newestAuditId();
    const reception = await download(released.id, 'reception');
    expect(reception.status).toBe(403);
    expect(reception.problem?.detail).toBe('Your role reads only that a result exists, not its report.');
    expect((await download(released.id, 'admin')).status).toBe(403);
    const seen = await api<ResultList>('GET', `/results?client=${OWNER.id}`, { as: 'reception' });
    expect(seen.body.results.find((item) => item.id === released.id)).not.toHaveProperty('report');
    await expectRecorded(before, 'results.report-read', {
      actor_id: demoAccount('reception@thrive.test').id,
      resource_id: released.id,
      outcome: 'denied',
    });
  });

  it('answers 404 for a result without a report', async () => {
    const none = await download(withoutReport.id, OWNER.email);
    expect(none.status).toBe(404);
    expect(none.problem?.detail).toBe('No report is attached to this result.');
  });
});

describe('the stored file', () => {
  let inProcess: InProcessApi;
  beforeAll(async () => {
    inProcess = await startInProcessApi();
  }, 60_000);
  afterAll(async () => {
    await inProcess.stop();
  });

  it('is ciphertext in the database, sealed to its result, and opens only through the API', async () => {
    const client = demoAccount('client2@thrive.test').id;
    const result = await enterInProcess(inProcess, client);
    const attached = await attach(result.id, REPORT, { base: inProcess.url });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const [row] = await inProcess.db.query<{
      storage: string;
      iv: Uint8Array;
      auth_tag: Uint8Array;
      ciphertext: Uint8Array;
      size_bytes: number;
    }>('SELECT storage, iv, auth_tag, ciphertext, size_bytes FROM lab_result_reports WHERE result_id = $1', [
      result.id,
    ]);
    expect(row).toMatchObject({ storage: 'database', size_bytes: REPORT.length });
    const ciphertext = Buffer.from(row!.ciphertext);
    expect(row!.iv).toHaveLength(12);
    expect(row!.auth_tag).toHaveLength(16);
    expect(ciphertext).toHaveLength(REPORT.length);
    expect(ciphertext.equals(REPORT)).toBe(false);
    expect(ciphertext.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(ciphertext.includes(Buffer.from('Total cholesterol'))).toBe(false);
    expect((await download(result.id, 'nurse', inProcess.url)).bytes.equals(REPORT)).toBe(true);

    // The same sealed file moved onto another result does not open there: the answer is an error, not a PDF.
    const other = await enterInProcess(inProcess, client);
    await inProcess.db.query(
      `INSERT INTO lab_result_reports (result_id, size_bytes, attached_by, storage, iv, auth_tag, ciphertext)
       SELECT $2, size_bytes, attached_by, storage, iv, auth_tag, ciphertext FROM lab_result_reports
       WHERE result_id = $1`,
      [result.id, other.id],
    );
    const moved = await download(other.id, 'nurse', inProcess.url);
    expect(moved.status).toBe(500);
    expect(moved.bytes.includes(Buffer.from('%PDF-'))).toBe(false);
  });
});

async function enterInProcess(inProcess: InProcessApi, clientId: string): Promise<Result> {
  const answer = await inProcess.api<Result & Problem>('POST', '/results', {
    as: 'nurse',
    body: lipidPanel(clientId, PANEL),
  });
  if (answer.status !== 201) throw new Error(`Entering a result failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
