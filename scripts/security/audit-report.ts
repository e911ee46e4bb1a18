/**
 * Reviews an `npm audit --json` report (format 2) against the checked-in
 * allowlist (audit-allowlist.json): every advisory must be either absent or
 * allowed by an entry that names it, says why it does not reach Thrive, who
 * reviewed it and when the review lapses. Pure, for tests; audit.ts runs it.
 */

export interface AllowedAdvisory {
  /** The advisory's id, e.g. GHSA-xxxx-xxxx-xxxx (the last part of its URL). */
  id: string;
  /** The package it is about. */
  package: string;
  /** Why Thrive is not exposed (e.g. a dev tool that never sees untrusted input). */
  reason: string;
  reviewedBy: string;
  /** YYYY-MM-DD. */
  reviewedOn: string;
  /** YYYY-MM-DD: the review lapses, and the advisory fails the check again. */
  expiresOn: string;
}

interface AuditVia {
  source?: number;
  name?: string;
  title?: string;
  url?: string;
  severity?: string;
}

export interface AuditReport {
  auditReportVersion?: number;
  vulnerabilities?: Record<string, { name: string; severity: string; via: (AuditVia | string)[] }>;
}

export interface Finding {
  id: string;
  package: string;
  severity: string;
  title: string;
}

export interface Review {
  /** Advisories that fail the check: not allowed, or allowed by a review that has lapsed. */
  failing: Finding[];
  /** Advisories allowed by a current review. */
  allowed: Finding[];
  /** Allowlist entries no advisory needs any more (to be removed). */
  unused: AllowedAdvisory[];
}

/** The advisory id from its URL (https://github.com/advisories/GHSA-...). */
function idOf(via: AuditVia): string {
  return via.url?.split('/').filter(Boolean).at(-1) ?? String(via.source ?? via.title ?? 'unknown');
}

/** Every advisory in the report, once per package and id (a package's `via` may name other packages). */
export function findingsOf(report: AuditReport): Finding[] {
  const found = new Map<string, Finding>();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via) {
      if (typeof via === 'string') continue;
      const finding = {
        id: idOf(via),
        package: via.name ?? vulnerability.name,
        severity: via.severity ?? vulnerability.severity,
        title: via.title ?? '',
      };
      found.set(`${finding.package}:${finding.id}`, finding);
    }
  }
  return [...found.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export function reviewAudit(report: AuditReport, allowlist: readonly AllowedAdvisory[], today: string): Review {
  if (report.auditReportVersion !== 2 || typeof report.vulnerabilities !== 'object') {
    throw new Error('Not an npm audit report (format 2): the advisory service may not have answered.');
  }
  const findings = findingsOf(report);
  const entryFor = (finding: Finding) =>
    allowlist.find((entry) => entry.id === finding.id && entry.package === finding.package);
  const failing = findings.filter((finding) => {
    const entry = entryFor(finding);
    return entry === undefined || entry.expiresOn < today;
  });
  const allowed = findings.filter((finding) => !failing.includes(finding));
  const unused = allowlist.filter(
    (entry) => !findings.some((finding) => finding.id === entry.id && finding.package === entry.package),
  );
  return { failing, allowed, unused };
}
