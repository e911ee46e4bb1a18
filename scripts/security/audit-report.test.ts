import { describe, expect, it } from 'vitest';
import { reviewAudit, type AllowedAdvisory, type AuditReport } from './audit-report.ts';

/** An `npm audit --json` report as npm 10 and 11 write it: one advisory reached directly, one through another package. */
const REPORT: AuditReport = {
  auditReportVersion: 2,
  vulnerabilities: {
    jsonwebtoken: {
      name: 'jsonwebtoken',
      severity: 'moderate',
      via: [
        {
          source: 1097690,
          name: 'jsonwebtoken',
          title: 'jsonwebtoken unrestricted key type',
          url: 'https://github.com/advisories/GHSA-8cf7-32gw-wr33',
          severity: 'moderate',
        },
      ],
    },
    'cognito-local': { name: 'cognito-local', severity: 'moderate', via: ['jsonwebtoken'] },
  },
};

const entry = (expiresOn: string): AllowedAdvisory => ({
  id: 'GHSA-8cf7-32gw-wr33',
  package: 'jsonwebtoken',
  reason: 'Only the local identity emulator (a dev tool) uses it, behind the proxy that checks every token.',
  reviewedBy: 'security review',
  reviewedOn: '2026-11-24',
  expiresOn,
});

describe('reviewAudit', () => {
  it('fails an advisory nobody has reviewed, naming it once', () => {
    const review = reviewAudit(REPORT, [], '2026-11-24');
    expect(review.failing).toEqual([
      {
        id: 'GHSA-8cf7-32gw-wr33',
        package: 'jsonwebtoken',
        severity: 'moderate',
        title: 'jsonwebtoken unrestricted key type',
      },
    ]);
  });

  it('allows a reviewed advisory until its review lapses', () => {
    expect(reviewAudit(REPORT, [entry('2027-05-24')], '2026-11-24')).toMatchObject({ failing: [], unused: [] });
    expect(reviewAudit(REPORT, [entry('2026-11-23')], '2026-11-24').failing).toHaveLength(1);
  });

  it('names allowlist entries no advisory needs any more', () => {
    const review = reviewAudit({ auditReportVersion: 2, vulnerabilities: {} }, [entry('2027-05-24')], '2026-11-24');
    expect(review.failing).toEqual([]);
    expect(review.unused.map((unused) => unused.id)).toEqual(['GHSA-8cf7-32gw-wr33']);
  });

  it('refuses an answer that is not a report (the advisory service could not be asked)', () => {
    expect(() => reviewAudit({ message: '405 Method Not Allowed' } as AuditReport, [], '2026-11-24')).toThrow(
      /Not an npm audit report/,
    );
  });
});
