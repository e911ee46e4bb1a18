/**
 * Where the lab's original reports (PDFs) are kept, never in the clear: one
 * small interface, two places.
 *
 * - In the database (locally; REPORT_FILES_KEY): AES-256-GCM with a random
 *   12-byte IV per file, the tag kept beside it, and the result's id bound as
 *   additional authenticated data: a file tampered with, or copied onto
 *   another result, does not open.
 * - In S3 (production; REPORT_FILES_BUCKET): the object under SSE-KMS with the
 *   bucket's key, at a key of its own per upload (a transaction that rolls
 *   back leaves an object nothing names, never a row naming another's file).
 *
 * `store` runs before the row that names the file is written (an upload holds
 * no row lock); the row, in the attaching transaction, holds what it answered.
 */
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * Where the configuration (server/config.ts) says to keep them: the database, sealed under `key`, or an S3
 * bucket under SSE-KMS.
 */
export type ReportFilesConfig =
  { kind: 'database'; key: Buffer } | { kind: 's3'; bucket: string; region: string; kmsKeyId: string | undefined };

/** What a report's row holds to find and open its file again. */
export type StoredReport =
  { storage: 'database'; iv: Buffer; authTag: Buffer; ciphertext: Buffer } | { storage: 's3'; objectKey: string };

export interface ReportFiles {
  readonly kind: StoredReport['storage'];
  /** Keeps the PDF of result `resultId`; what it answers goes into the report's row. */
  store(resultId: string, pdf: Buffer): Promise<StoredReport>;
  /** The PDF again; throws when it does not open (tampered with, another result's, another key). */
  fetch(resultId: string, stored: StoredReport): Promise<Buffer>;
}

export const REPORT_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What binds a file to its result: decrypting it as another result's fails its tag. */
function associatedData(resultId: string): Buffer {
  return Buffer.from(`thrive:lab-report:${resultId.toLowerCase()}`, 'utf8');
}

export function sealReport(key: Buffer, resultId: string, pdf: Buffer): Extract<StoredReport, { storage: 'database' }> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(resultId));
  const ciphertext = Buffer.concat([cipher.update(pdf), cipher.final()]);
  return { storage: 'database', iv, authTag: cipher.getAuthTag(), ciphertext };
}

export function openReport(
  key: Buffer,
  resultId: string,
  sealed: Extract<StoredReport, { storage: 'database' }>,
): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(resultId));
  decipher.setAuthTag(sealed.authTag);
  try {
    // final() throws when the tag does not match: nothing of a file that fails it is answered.
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  } catch (error) {
    throw new Error(`The lab report of result ${resultId} does not open: altered, another result's, or another key's`, {
      cause: error,
    });
  }
}

function otherStorage(stored: StoredReport, here: StoredReport['storage']): Error {
  return new Error(`A lab report stored in ${stored.storage} cannot be read by an API that keeps them in ${here}`);
}

/** Reports in the database, sealed under `key` (32 bytes). */
export function databaseReportFiles(key: Buffer): ReportFiles {
  if (key.length !== REPORT_KEY_BYTES) throw new Error(`The report files' key must be ${REPORT_KEY_BYTES} bytes`);
  return {
    kind: 'database',
    store: (resultId, pdf) => Promise.resolve(sealReport(key, resultId, pdf)),
    fetch: (resultId, stored) =>
      new Promise((resolve) => {
        if (stored.storage !== 'database') throw otherStorage(stored, 'database');
        resolve(openReport(key, resultId, stored));
      }),
  };
}

export interface S3ReportFilesOptions {
  bucket: string;
  region: string;
  /** The KMS key to encrypt with; the bucket's default key when not given. */
  kmsKeyId?: string;
  /** For tests: a client whose `send` answers without AWS. */
  client?: Pick<S3Client, 'send'>;
}

/** Each result's objects under a prefix of its own, which `fetch` checks as the database's AAD does. */
const prefixOf = (resultId: string) => `lab-reports/${resultId.toLowerCase()}/`;

/** Reports in an S3 bucket under SSE-KMS. */
export function s3ReportFiles(options: S3ReportFilesOptions): ReportFiles {
  const client =
    options.client ??
    new S3Client({ region: options.region, requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 } });
  return {
    kind: 's3',
    async store(resultId, pdf) {
      const objectKey = `${prefixOf(resultId)}${randomUUID()}.pdf`;
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey,
          Body: pdf,
          ContentType: 'application/pdf',
          ServerSideEncryption: 'aws:kms',
          ...(options.kmsKeyId ? { SSEKMSKeyId: options.kmsKeyId } : {}),
          BucketKeyEnabled: true,
          // S3 refuses the upload unless the bytes it got are the bytes sent.
          ChecksumAlgorithm: 'SHA256',
        }),
      );
      return { storage: 's3', objectKey };
    },
    async fetch(resultId, stored) {
      if (stored.storage !== 's3') throw otherStorage(stored, 's3');
      if (!stored.objectKey.startsWith(prefixOf(resultId))) {
        throw new Error(`The report's object ${stored.objectKey} is not one of result ${resultId}`);
      }
      const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: stored.objectKey }));
      if (!answer.Body) throw new Error(`The report's object ${stored.objectKey} came back empty`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
  };
}

/** The place the configuration names (config.ts). */
export function reportFilesOf(config: ReportFilesConfig): ReportFiles {
  return config.kind === 's3'
    ? s3ReportFiles({ bucket: config.bucket, region: config.region, kmsKeyId: config.kmsKeyId })
    : databaseReportFiles(config.key);
}
