/**
 * The schedule's catalog: clinics with their zones, opening hours and
 * contacts, the resources they book, and the services they offer (with how to
 * prepare). It holds no one's health information. The staff group reads all
 * of it; clients read the clinics and services, which the portal books
 * (booking.catalog), but not the resources; ADMIN none of it.
 */
import { hasGrantOverEveryone, requireGrantOverEveryone } from '../access/grants.ts';
import type { Caller } from '@contract';
import type {
  Clinic,
  ClinicList,
  ListResourcesQuery,
  Resource,
  ResourceKind,
  ResourceList,
  Service,
  ServiceList,
} from '../core/contract-types.ts';
import type { Queryable } from '../db/database.ts';

type ClinicRow = Omit<Clinic, 'opening_hours'> & { opening_hours: Clinic['opening_hours'] | null };

const SELECT_CLINICS = `
  SELECT c.id, c.name, c.time_zone, c.phone, c.email, c.address, c.privacy_email, c.emergency_number,
         (SELECT jsonb_agg(jsonb_build_object('weekday', h.weekday, 'opens', to_char(h.opens, 'HH24:MI'),
                                              'closes', to_char(h.closes, 'HH24:MI')) ORDER BY h.weekday)
          FROM clinic_opening_hours h WHERE h.clinic_id = c.id) AS opening_hours
  FROM clinics c`;

export async function selectClinic(db: Queryable, id: string): Promise<Clinic | null> {
  const [row] = await db.query<ClinicRow>(`${SELECT_CLINICS} WHERE c.id = $1`, [id]);
  return row ? { ...row, opening_hours: row.opening_hours ?? [] } : null;
}

export async function listClinics(db: Queryable, caller: Caller): Promise<ClinicList> {
  // The clinics are the catalog of those who book, and the list an admin sets each clinic's messaging up from.
  if (!hasGrantOverEveryone(caller, 'clinics.messaging')) requireGrantOverEveryone(caller, 'booking.catalog');
  const rows = await db.query<ClinicRow>(`${SELECT_CLINICS} ORDER BY c.name`);
  return { results: rows.map((row) => ({ ...row, opening_hours: row.opening_hours ?? [] })) };
}

const SELECT_RESOURCES = `
  SELECT r.id, r.clinic_id, r.name, r.kind, r.capacity, to_char(r.turnover, 'HH24:MI:SS') AS turnover
  FROM resources r`;

export async function selectResource(db: Queryable, id: string): Promise<Resource | null> {
  const [row] = await db.query<Resource>(`${SELECT_RESOURCES} WHERE r.id = $1`, [id]);
  return row ?? null;
}

export async function listResources(db: Queryable, caller: Caller, query: ListResourcesQuery): Promise<ResourceList> {
  requireGrantOverEveryone(caller, 'schedule.catalog');
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.clinic !== undefined) where.push(`r.clinic_id = $${params.push(query.clinic)}`);
  if (query.kind !== undefined) where.push(`r.kind = $${params.push(query.kind)}`);
  const rows = await db.query<Resource>(
    `${SELECT_RESOURCES} JOIN clinics c ON c.id = r.clinic_id
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY c.name, r.position, r.name`,
    params,
  );
  return { results: rows };
}

const SELECT_SERVICES = `
  SELECT s.id, s.name, s.therapy_kind, to_char(s.default_duration, 'HH24:MI:SS') AS default_duration, s.resource_kinds,
         s.client_bookable, s.preparation, s.what_to_bring, s.fasting_hours
  FROM services s`;

export async function selectService(db: Queryable, id: string): Promise<Service | null> {
  const [row] = await db.query<Service>(`${SELECT_SERVICES} WHERE s.id = $1`, [id]);
  return row ?? null;
}

export async function listServices(db: Queryable, caller: Caller): Promise<ServiceList> {
  requireGrantOverEveryone(caller, 'booking.catalog');
  return { results: await db.query<Service>(`${SELECT_SERVICES} ORDER BY s.name`) };
}

/** Whether `service` can be booked on a resource of `kind`. */
export function serviceFits(service: Service, kind: ResourceKind): boolean {
  return service.resource_kinds.includes(kind);
}
