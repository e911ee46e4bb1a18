import { randomBytes, randomUUID } from 'node:crypto';
import { PutObjectCommand, type GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { databaseReportFiles, openReport, s3ReportFiles, sealReport, type StoredReport } from './report-files.ts';

const key = randomBytes(32);
const resultId = randomUUID();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');

type Sealed = Extract<StoredReport, { storage: 'database' }>;

describe('a lab report sealed with AES-256-GCM', () => {
  it('opens again as the same bytes, and is not the plaintext', () => {
    const sealed = sealReport(key, resultId, pdf);
    expect(sealed.iv).toHaveLength(12);
    expect(sealed.authTag).toHaveLength(16);
    expect(sealed.ciphertext.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(openReport(key, resultId, sealed).equals(pdf)).toBe(true);
  });

  it('takes a new IV for every file: the same report sealed twice reads differently', () => {
    const [one, two] = [sealReport(key, resultId, pdf), sealReport(key, resultId, pdf)];
    expect(one.iv.equals(two.iv)).toBe(false);
    expect(one.ciphertext.equals(two.ciphertext)).toBe(false);
  });

  it('refuses a file tampered with: one bit of the ciphertext, the tag or the IV', () => {
    const sealed = sealReport(key, resultId, pdf);
    const flipped = (bytes: Buffer, at = 0) => {
      const copy = Buffer.from(bytes);
      copy[at] = copy[at]! ^ 1;
      return copy;
    };
    const tampered: Sealed[] = [
      { ...sealed, ciphertext: flipped(sealed.ciphertext, 9) },
      { ...sealed, authTag: flipped(sealed.authTag) },
      { ...sealed, iv: flipped(sealed.iv) },
      { ...sealed, ciphertext: sealed.ciphertext.subarray(0, -1) },
    ];
    for (const file of tampered) expect(() => openReport(key, resultId, file)).toThrow();
  });

  it('refuses to open as another result’s report (the result id is its additional data)', () => {
    const sealed = sealReport(key, resultId, pdf);
    expect(() => openReport(key, randomUUID(), sealed)).toThrow();
    // The id is bound as the API writes it, whatever its case.
    expect(openReport(key, resultId.toUpperCase(), sealed).equals(pdf)).toBe(true);
  });

  it('refuses to open under another key', () => {
    const sealed = sealReport(key, resultId, pdf);
    expect(() => openReport(randomBytes(32), resultId, sealed)).toThrow();
  });

  it('is what the database store keeps, which wants a 32-byte key and only its own kind of file', async () => {
    const files = databaseReportFiles(key);
    const stored = await files.store(resultId, pdf);
    expect(stored.storage).toBe('database');
    expect((await files.fetch(resultId, stored)).equals(pdf)).toBe(true);
    await expect(files.fetch(resultId, { storage: 's3', objectKey: `lab-reports/${resultId}/x.pdf` })).rejects.toThrow(
      /stored in s3/,
    );
    expect(() => databaseReportFiles(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('a lab report kept in S3', () => {
  /** A bucket in memory, as S3's client answers PutObject and GetObject; every command it was sent. */
  function fakeS3() {
    const objects = new Map<string, Uint8Array>();
    const sent: (PutObjectCommand | GetObjectCommand)[] = [];
    const client = {
      send: (command: PutObjectCommand | GetObjectCommand) => {
        sent.push(command);
        if (command instanceof PutObjectCommand) {
          objects.set(command.input.Key!, command.input.Body as Uint8Array);
          return Promise.resolve({});
        }
        const body = objects.get(command.input.Key!);
        return Promise.resolve({ Body: body && { transformToByteArray: () => Promise.resolve(body) } });
      },
    } as unknown as Pick<S3Client, 'send'>;
    return { client, sent };
  }

  it('is put under SSE-KMS with the key named, under the result’s own prefix, and read back whole', async () => {
    const { client, sent } = fakeS3();
    const files = s3ReportFiles({ bucket: 'reports', region: 'ap-south-1', kmsKeyId: 'alias/reports', client });
    const stored = await files.store(resultId, pdf);
    expect(stored).toMatchObject({ storage: 's3' });
    const put = sent[0] as PutObjectCommand;
    expect(put.input).toMatchObject({
      Bucket: 'reports',
      ContentType: 'application/pdf',
      ServerSideEncryption: 'aws:kms',
      SSEKMSKeyId: 'alias/reports',
    });
    expect(put.input.Key).toMatch(new RegExp(`^lab-reports/${resultId}/[0-9a-f-]{36}\\.pdf$`));
    expect((await files.fetch(resultId, stored)).equals(pdf)).toBe(true);
  });

  it('takes a new object for every upload, and opens none under another result’s id', async () => {
    const { client } = fakeS3();
    const files = s3ReportFiles({ bucket: 'reports', region: 'ap-south-1', client });
    const [one, two] = [await files.store(resultId, pdf), await files.store(resultId, pdf)];
    expect(one).not.toEqual(two);
    await expect(files.fetch(randomUUID(), one)).rejects.toThrow(/not one of result/);
    await expect(files.fetch(resultId, sealReport(key, resultId, pdf))).rejects.toThrow(/stored in database/);
  });
});
